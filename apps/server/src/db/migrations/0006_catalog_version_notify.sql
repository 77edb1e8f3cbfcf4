-- Custom migration (docs/decisions/160-catalogue-version-pushed.md). Every change of the
-- catalogue's version — raised by the triggers of 0002 or by hand — is announced on the
-- channel `catalog_version` with the new version as payload. PostgreSQL delivers it when the
-- writer's transaction commits, so each server process can keep the version in memory and
-- answer cached pages and reads without asking the database on every request.
CREATE OR REPLACE FUNCTION "notify_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_version', NEW."version"::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "catalog_state_notify_version" AFTER UPDATE ON "catalog_state" FOR EACH ROW EXECUTE FUNCTION "notify_catalog_version"();
