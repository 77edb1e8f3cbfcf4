CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"folder" text NOT NULL,
	"url" text NOT NULL,
	"keys" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_url_idx" ON "uploads" USING btree ("url");--> statement-breakpoint
CREATE INDEX "uploads_created_at_idx" ON "uploads" USING btree ("created_at");