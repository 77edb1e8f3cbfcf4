-- Custom migration (drizzle-kit cannot generate it): the trigram operator class used by the
-- catalogue search indexes in 0001_init. It must run before them; keep it when regenerating.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
