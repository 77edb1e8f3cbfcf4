ALTER TABLE "packages" ADD COLUMN "sub_categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "packages_sub_categories_idx" ON "packages" USING gin ("sub_categories");--> statement-breakpoint
-- Spec §3's subcategories of "packages" (enjera, baking, desserts, stews) are kinds of the
-- ready-made packages now, and the seventh product category "packages" (ערכות) is gone
-- (decision 248). A product filed under it keeps its other categories, or becomes "others";
-- it loses those four subcategories. Its name, sizes, prices and orders stay as they are.
UPDATE "products"
SET
	"categories" = CASE
		WHEN cardinality(array_remove("categories", 'packages')) = 0 THEN ARRAY['others']::text[]
		ELSE array_remove("categories", 'packages')
	END,
	"sub_categories" = ARRAY(
		SELECT "name" FROM unnest("sub_categories") WITH ORDINALITY AS s("name", "position")
		WHERE "name" <> ALL (ARRAY['enjera', 'baking', 'desserts', 'stews']::text[])
		ORDER BY "position"
	)
WHERE 'packages' = ANY("categories")
	OR "sub_categories" && ARRAY['enjera', 'baking', 'desserts', 'stews']::text[];
