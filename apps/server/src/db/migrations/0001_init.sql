CREATE TABLE "catalog_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_state_single_row" CHECK ("catalog_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image" text NOT NULL,
	"price_agorot" integer NOT NULL,
	"cooking_time" integer NOT NULL,
	"peoples_quantity" integer NOT NULL,
	"ingredients_quantity" integer NOT NULL,
	"recipe_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_price_positive" CHECK ("packages"."price_agorot" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_sizes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"size_name" text NOT NULL,
	"size_quantity" real NOT NULL,
	"price_agorot" integer NOT NULL,
	CONSTRAINT "product_sizes_price_positive" CHECK ("product_sizes"."price_agorot" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_in_english" text,
	"short_description" text NOT NULL,
	"image" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"sub_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipe_ingredients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipe_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"quantity" text NOT NULL,
	"product_id" uuid
);
--> statement-breakpoint
CREATE TABLE "recipe_instructions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipe_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image" text NOT NULL,
	"difficulty" text NOT NULL,
	"prep_time" text NOT NULL,
	"servings" integer NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_instructions" ADD CONSTRAINT "recipe_instructions_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packages_created_at_idx" ON "packages" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "packages_search_text_idx" ON "packages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "packages_name_idx" ON "packages" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sizes_product_size_idx" ON "product_sizes" USING btree ("product_id","size_name");--> statement-breakpoint
CREATE INDEX "products_categories_idx" ON "products" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "products_search_text_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sub_categories_idx" ON "products" USING gin ("sub_categories");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_idx" ON "products" USING btree ("name");--> statement-breakpoint
CREATE INDEX "recipe_ingredients_recipe_idx" ON "recipe_ingredients" USING btree ("recipe_id","position");--> statement-breakpoint
CREATE INDEX "recipe_ingredients_product_idx" ON "recipe_ingredients" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipe_instructions_recipe_step_idx" ON "recipe_instructions" USING btree ("recipe_id","step");--> statement-breakpoint
CREATE INDEX "recipes_categories_idx" ON "recipes" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "recipes_search_text_idx" ON "recipes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recipes_created_at_idx" ON "recipes" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipes_name_idx" ON "recipes" USING btree ("name");