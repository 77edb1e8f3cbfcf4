-- The admin's bulk changes of the products (issue 37, decision 291): each product's fields
-- before and after, so the latest change can be undone once. No foreign key to products: a
-- product deleted since is left out of the undo.
CREATE TABLE "catalogue_bulk_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text,
	"action" jsonb NOT NULL,
	"products" jsonb NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "catalogue_bulk_changes_created_idx" ON "catalogue_bulk_changes" USING btree ("created_at");
