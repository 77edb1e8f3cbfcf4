-- Custom migration (drizzle-kit cannot generate functions or triggers); keep it after
-- the generated tables when regenerating. Every statement that changes a catalogue
-- table raises catalog_state.version in the same transaction, whoever the writer is
-- (the API, the demo seed, psql), so cached catalogue responses keyed by the version
-- can never outlive a committed change. Statement-level: one bump per statement, not per row.
INSERT INTO "catalog_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_state" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "product_sizes_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_sizes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "recipes_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recipes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "recipe_ingredients_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recipe_ingredients" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "recipe_instructions_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recipe_instructions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "packages_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "packages" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
