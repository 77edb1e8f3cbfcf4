-- A shopper's favourites (issue 36, decision 273): one row per account and item, a product
-- (all its sizes) or a package. Keyed by the account's subject like saved_addresses; no
-- foreign key to the catalogue: a deleted item's row is left out of the list, not an error.
CREATE TABLE "favourites" (
	"subject" text NOT NULL,
	"item_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_item_type_check" CHECK ("item_type" IN ('Product', 'Package'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_subject_item_idx" ON "favourites" USING btree ("subject","item_id","item_type");
--> statement-breakpoint
CREATE INDEX "favourites_subject_created_idx" ON "favourites" USING btree ("subject","created_at");
