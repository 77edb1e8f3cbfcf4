-- Reviews from verified buyers (issue 36, decisions 279–281): one per buyer and item, each
-- waiting for the owner's approval; the review e-mail of a delivered order (once) and its
-- single-use links, one per item.
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"buyer_key" text NOT NULL,
	"account_subject" text,
	"email" text NOT NULL,
	"order_id" uuid,
	"author" text NOT NULL,
	"item_name" text NOT NULL,
	"order_number" text,
	"rating" integer NOT NULL,
	"comment" text NOT NULL,
	"photo_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"reply" text,
	"reply_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_item_type_check" CHECK ("item_type" IN ('Product', 'Package')),
	CONSTRAINT "reviews_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"mailed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_item_buyer_idx" ON "reviews" USING btree ("item_type","item_id","buyer_key");
--> statement-breakpoint
CREATE INDEX "reviews_item_status_idx" ON "reviews" USING btree ("item_type","item_id","status","created_at");
--> statement-breakpoint
CREATE INDEX "reviews_status_updated_idx" ON "reviews" USING btree ("status","updated_at");
--> statement-breakpoint
CREATE INDEX "reviews_email_idx" ON "reviews" USING btree ("email");
--> statement-breakpoint
CREATE INDEX "reviews_account_subject_idx" ON "reviews" USING btree ("account_subject");
--> statement-breakpoint
CREATE UNIQUE INDEX "review_links_order_item_idx" ON "review_links" USING btree ("order_id","item_type","item_id");
--> statement-breakpoint
-- The product pages and cards show published reviews, and those reads are kept per catalogue
-- version (decisions 031, 160): a change that touches a published review moves the version.
-- A new or edited-back-to-pending review changes no page, so it leaves the kept pages alone.
CREATE TRIGGER "reviews_published_bump_catalog_version" AFTER UPDATE ON "reviews" FOR EACH ROW WHEN (OLD."status" = 'approved' OR NEW."status" = 'approved') EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "reviews_removed_bump_catalog_version" AFTER DELETE ON "reviews" FOR EACH ROW WHEN (OLD."status" = 'approved') EXECUTE FUNCTION "bump_catalog_version"();
