CREATE TABLE "package_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"size_name" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "package_items_quantity_positive" CHECK ("package_items"."quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "package_items" ADD CONSTRAINT "package_items_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_items" ADD CONSTRAINT "package_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_items_package_position_idx" ON "package_items" USING btree ("package_id","position");--> statement-breakpoint
CREATE INDEX "package_items_product_idx" ON "package_items" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "packages" DROP COLUMN "ingredients_quantity";--> statement-breakpoint
-- Hand-written (keep when regenerating): package contents change the catalogue like the
-- other child tables (see 0002_catalog_version).
CREATE TRIGGER "package_items_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "package_items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
-- Hand-written backfill of search_name for rows written before it existed: the folding of
-- lib/search-text.ts (foldForSearch) in SQL, for Hebrew and Latin text. Writers store the
-- JavaScript folding from now on; search_name only orders results, never filters them.
UPDATE "products" SET "search_name" = concat_ws(' ', nullif(btrim(regexp_replace(lower(translate(regexp_replace(normalize("name", NFKD), '[\u0591-\u05C7\u05F3\u05F4''"`\u00B4\u2018\u2019\u201C\u201D\u0300-\u036F]', '', 'g'), 'ךםןףץ', 'כמנפצ')), '[^0-9a-z\u05D0-\u05EA]+', ' ', 'g')), ''), nullif(btrim(regexp_replace(lower(translate(regexp_replace(normalize(coalesce("name_in_english", ''), NFKD), '[\u0591-\u05C7\u05F3\u05F4''"`\u00B4\u2018\u2019\u201C\u201D\u0300-\u036F]', '', 'g'), 'ךםןףץ', 'כמנפצ')), '[^0-9a-z\u05D0-\u05EA]+', ' ', 'g')), ''));
--> statement-breakpoint
UPDATE "recipes" SET "search_name" = btrim(regexp_replace(lower(translate(regexp_replace(normalize("name", NFKD), '[\u0591-\u05C7\u05F3\u05F4''"`\u00B4\u2018\u2019\u201C\u201D\u0300-\u036F]', '', 'g'), 'ךםןףץ', 'כמנפצ')), '[^0-9a-z\u05D0-\u05EA]+', ' ', 'g'));
--> statement-breakpoint
UPDATE "packages" SET "search_name" = btrim(regexp_replace(lower(translate(regexp_replace(normalize("name", NFKD), '[\u0591-\u05C7\u05F3\u05F4''"`\u00B4\u2018\u2019\u201C\u201D\u0300-\u036F]', '', 'g'), 'ךםןףץ', 'כמנפצ')), '[^0-9a-z\u05D0-\u05EA]+', ' ', 'g'));
