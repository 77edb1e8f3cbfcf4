import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { relevanceOf, searchConditions } from '../../db/search.js'
import type { CatalogFilter, CatalogTable } from './catalog.config.js'

export type Stamp = { id: string; updatedAt: Date }

// Drizzle infers a select's row type from a literal selection; the generic selection of a
// kind's configuration is typed by the kind instead, where its record columns are declared.
type Rows<Row> = Promise<Row[]>

/** The reads of one catalogue kind's table: pages, random draws, look-ups by id and name. */
export function catalogReads<Row, Filter extends CatalogFilter, Write>(
  config: CatalogTable<Filter, Write>,
  db: Database,
) {
  const { table, columns, record } = config
  const { newestFirst, orderOf, whereOf } = listSql(config)
  const scoped = scopedBy(config)
  const withTotal = { ...record, total: sql<number>`(count(*) over ())::int` }

  const count = async (filter: Filter): Promise<number> => {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(table)
      .where(whereOf(filter))
    return Number(row?.total ?? 0)
  }

  const selectWhere = (where: SQL): Rows<Row> =>
    db
      .select(record)
      .from(table)
      .where(scoped(where))
      .orderBy(...newestFirst) as unknown as Rows<Row>

  return {
    async findPage(
      filter: Filter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: Row[]; total: number }> {
      // The window count rides along with the page; only a page past the end needs its own count.
      const rows = (await db
        .select(withTotal)
        .from(table)
        .where(whereOf(filter))
        .orderBy(...orderOf(filter))
        .limit(page.limit)
        .offset(page.offset)) as Array<Row & { total: number }>
      if (rows.length > 0) return { rows: rows.map(stripTotal), total: Number(rows[0]!.total) }
      if (page.offset === 0) return { rows: [], total: 0 }
      return { rows: [], total: await count(filter) }
    },

    async findRandom(limit: number): Promise<{ rows: Row[]; total: number }> {
      const rows = (await db
        .select(withTotal)
        .from(table)
        .where(scoped())
        .orderBy(sql`random()`)
        .limit(limit)) as Array<Row & { total: number }>
      return { rows: rows.map(stripTotal), total: Number(rows[0]?.total ?? 0) }
    },

    async findById(id: string): Promise<Row | undefined> {
      const [row] = await selectWhere(eq(columns.id, id))
      return row
    },

    /** The entities with exactly these names, newest first. */
    async findByNames(names: string[]): Promise<Row[]> {
      return names.length === 0 ? [] : selectWhere(inArray(columns.name, names))
    },

    async findByIds(ids: string[]): Promise<Row[]> {
      return ids.length === 0 ? [] : selectWhere(inArray(columns.id, ids))
    },

    /** Every entity's id and last change, oldest first (the sitemap). */
    async findStamps(): Promise<Stamp[]> {
      return (await db
        .select({ id: columns.id, updatedAt: columns.updatedAt })
        .from(table)
        .where(scoped())
        .orderBy(columns.createdAt, columns.id)) as Stamp[]
    },

    ...catalogLookups(config, db),
  }
}

/** `condition` within the repository's scope (every row when it has none). */
function scopedBy<Filter extends CatalogFilter, Write>({ scope }: CatalogTable<Filter, Write>) {
  return (condition?: SQL): SQL | undefined =>
    scope && condition ? and(scope, condition) : (scope ?? condition)
}

/** The order and conditions of a kind's list. */
function listSql<Filter extends CatalogFilter, Write>({
  columns,
  conditions,
  scope,
}: CatalogTable<Filter, Write>) {
  const newestFirst = [desc(columns.createdAt), desc(columns.id)]
  return {
    newestFirst,
    /** Best matches first when searching (name above description), newest first otherwise and among equals. */
    orderOf: (filter: Filter): SQL[] =>
      filter.terms.length === 0
        ? newestFirst
        : [desc(relevanceOf(columns.searchName, columns.searchText, filter.terms)), ...newestFirst],
    whereOf: (filter: Filter): SQL | undefined => {
      const all = [...conditions(filter), ...searchConditions(columns.searchText, filter.terms)]
      if (scope) all.push(scope)
      if (filter.excludeId) all.push(ne(columns.id, filter.excludeId))
      return all.length > 0 ? and(...all) : undefined
    },
  }
}

/** Small look-ups other kinds make of this one: names, ids and images that exist. */
function catalogLookups<Filter extends CatalogFilter, Write>(
  config: CatalogTable<Filter, Write>,
  db: Database,
) {
  const { table, columns } = config
  const scoped = scopedBy(config)
  const valuesOf = async (column: 'id' | 'name' | 'image', among: readonly string[]): Promise<string[]> => {
    if (among.length === 0) return []
    const rows = (await db
      .selectDistinct({ value: columns[column] })
      .from(table)
      .where(scoped(inArray(columns[column], [...among])))) as Array<{ value: string }>
    return rows.map((row) => row.value)
  }

  return {
    findExistingIds: (ids: string[]) => valuesOf('id', ids),
    findExistingNames: (names: string[]) => valuesOf('name', names),
    /** Of `urls`, those that are the image of an entity. */
    findUsedImages: (urls: readonly string[]) => valuesOf('image', urls),

    async findNamesByIds(ids: string[]): Promise<Array<{ id: string; name: string }>> {
      if (ids.length === 0) return []
      return (await db
        .select({ id: columns.id, name: columns.name })
        .from(table)
        .where(scoped(inArray(columns.id, ids)))) as Array<{ id: string; name: string }>
    },

    async findImage(id: string): Promise<string | undefined> {
      const [row] = (await db
        .select({ image: columns.image })
        .from(table)
        .where(scoped(eq(columns.id, id)))
        .limit(1)) as Array<{ image: string }>
      return row?.image
    },
  }
}

function stripTotal<Row>({ total: _total, ...record }: Row & { total: number }): Row {
  return record as Row
}
