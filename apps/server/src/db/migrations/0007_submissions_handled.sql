ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_inquiries" ADD COLUMN "handled_at" timestamp with time zone;