CREATE TABLE "legal_pages" (
	"page" text PRIMARY KEY NOT NULL,
	"markdown" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_deletion_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erased_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketing_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"wording" text NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "data_deletion_requests_created_idx" ON "data_deletion_requests" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_consents_email_idx" ON "marketing_consents" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_consents_token_idx" ON "marketing_consents" USING btree ("unsubscribe_token");--> statement-breakpoint
-- Custom (keep when regenerating): the footer and the legal pages are part of every
-- rendered page, and rendered pages are cached per catalogue version (decision 160), so
-- a change of the business details or a legal page moves the version like a catalogue write.
CREATE TRIGGER "shop_settings_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shop_settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "legal_pages_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "legal_pages" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
