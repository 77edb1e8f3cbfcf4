import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { catalogState } from '../../db/schema/index.js'

/** Reads the catalogue's version (see `catalogState`); one indexed single-row read. */
export function createCatalogVersionRepository(db: Database) {
  // Prepared once: this runs before every catalogue read, so skipping the parse and
  // plan of a named statement is worth it.
  const query = db
    .select({ version: catalogState.version })
    .from(catalogState)
    .where(eq(catalogState.id, 1))
    .prepare('catalog_version')

  return {
    async current(): Promise<number> {
      const [row] = await query.execute()
      return row?.version ?? 0
    },
  }
}
