import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import type { CatalogFilter, CatalogTable } from './catalog.config.js'
import { catalogReads } from './catalog-reads.repository.js'

export type CatalogRepository<Row, Filter extends CatalogFilter, Write> = ReturnType<
  typeof catalogReads<Row, Filter, Write>
> &
  ReturnType<typeof catalogWrites<Filter, Write>> & {
    /** Runs `work` in one transaction with a repository bound to it. */
    transaction<T>(work: (repository: CatalogRepository<Row, Filter, Write>) => Promise<T>): Promise<T>
  }

export type InsertKept = { id?: string; createdAt?: Date }

/** The one repository of every catalogue kind, its tables named by `config`. */
export function createCatalogRepository<Row, Filter extends CatalogFilter, Write>(
  config: CatalogTable<Filter, Write>,
  db: Database,
): CatalogRepository<Row, Filter, Write> {
  return {
    ...catalogReads<Row, Filter, Write>(config, db),
    ...catalogWrites(config, db),
    transaction: (work) =>
      db.transaction((tx) =>
        work(createCatalogRepository<Row, Filter, Write>(config, tx as unknown as Database)),
      ),
  }
}

function catalogWrites<Filter extends CatalogFilter, Write>(
  config: CatalogTable<Filter, Write>,
  db: Database,
) {
  const { table, columns } = config
  return {
    /**
     * Inserts the entity and its child rows; call inside `transaction`. The catalogue import
     * (decision 292) may give the id its file names and the creation time that keeps its order.
     */
    async insert(write: Write, actor: string | null = null, keep: InsertKept = {}): Promise<string> {
      const stamp = keep.createdAt && { createdAt: keep.createdAt, updatedAt: keep.createdAt }
      const [row] = (await db
        .insert(table)
        .values({ ...config.columnsOf(write), ...(keep.id && { id: keep.id }), ...stamp })
        .returning({ id: columns.id })) as Array<{ id: string }>
      const id = row!.id
      await config.insertChildren(db, id, write, actor)
      return id
    },

    /** Replaces the entity and its child rows (call inside `transaction`); false when no such entity. */
    async update(id: string, write: Write, actor: string | null = null): Promise<boolean> {
      const updated = await db
        .update(table)
        .set({ ...config.columnsOf(write), updatedAt: sql`now()` })
        .where(eq(columns.id, id))
        .returning({ id: columns.id })
      if (updated.length === 0) return false
      if (config.replaceChildren) {
        await config.replaceChildren(db, id, write, actor)
        return true
      }
      await config.deleteChildren(db, id)
      await config.insertChildren(db, id, write, actor)
      return true
    },

    /** Deletes it and returns its name and image (for the activity list and the image clean-up). */
    async remove(id: string): Promise<{ name: string; image: string } | undefined> {
      const [removed] = (await db
        .delete(table)
        .where(eq(columns.id, id))
        .returning({ name: columns.name, image: columns.image })) as Array<{ name: string; image: string }>
      return removed
    },
  }
}
