CREATE TABLE "cancellation_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" integer NOT NULL,
	"customer_name" text NOT NULL,
	"order_total_agorot" integer NOT NULL,
	"reason" text,
	"is_defect" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"figures" jsonb NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_agorot" integer NOT NULL,
	"fee_agorot" integer DEFAULT 0 NOT NULL,
	"transaction_uid" text NOT NULL,
	"document_url" text,
	"cancellation_id" uuid,
	"actor_subject" text,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_agorot" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payplus_refunds" (
	"refund_uid" uuid PRIMARY KEY NOT NULL,
	"transaction_uid" uuid NOT NULL,
	"amount_agorot" integer NOT NULL,
	"has_document" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "perishable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "refund" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "document_url" text;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancellation_requests_status_idx" ON "cancellation_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cancellation_requests_order_idx" ON "cancellation_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_payplus_refunds_transaction_idx" ON "sandbox_payplus_refunds" USING btree ("transaction_uid");