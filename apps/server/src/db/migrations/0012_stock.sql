CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"size" text NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer,
	"reason" text NOT NULL,
	"order_id" uuid,
	"order_number" integer,
	"actor" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_item_idx" ON "stock_movements" USING btree ("item_id","size","at");--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_stock_not_negative" CHECK ("packages"."stock" >= 0);--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_stock_not_negative" CHECK ("product_sizes"."stock" >= 0);