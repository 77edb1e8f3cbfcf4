-- A product size's SKU (מק"ט) and barcode (issue 37, decision 284). The SKU is unique across
-- the catalogue when set, so an imported row finds its size by it; the barcode is not.
ALTER TABLE "product_sizes" ADD COLUMN "sku" text;
--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "barcode" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "product_sizes_sku_idx" ON "product_sizes" USING btree ("sku") WHERE "product_sizes"."sku" IS NOT NULL;
