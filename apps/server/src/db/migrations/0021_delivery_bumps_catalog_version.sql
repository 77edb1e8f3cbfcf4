-- Custom migration (drizzle-kit cannot generate triggers). The shop's delivery sentences —
-- the business details every page shows, the terms and shipping pages — are written from
-- the delivery methods (issue 35, decision 256), and those reads are cached per catalogue
-- version (decisions 031, 232): a change of a method or of the excluded cities moves the
-- version like a catalogue write, so no page keeps an old time, fee or area.
CREATE TRIGGER "delivery_methods_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_methods" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "delivery_excluded_cities_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_excluded_cities" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
