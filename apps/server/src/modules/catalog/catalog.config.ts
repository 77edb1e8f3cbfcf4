import type { SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { PageQuery } from '@tavlin/contracts'
import type { Database } from '../../db/client.js'
import type { AppError } from '../../lib/errors.js'

/** The columns every catalogue table has, which the generic repository reads and writes. */
export type CatalogColumns = {
  id: PgColumn
  name: PgColumn
  image: PgColumn
  createdAt: PgColumn
  updatedAt: PgColumn
  searchName: PgColumn
  searchText: PgColumn
}

/** Search words and the entity a page leaves out: every kind's list has them. */
export type CatalogFilter = {
  /** Folded search words with their forms (`searchTermsOf`); a form of each must occur in `search_text`. */
  terms: string[][]
  excludeId?: string
}

/** What the generic repository needs to know of one kind's tables: Drizzle only. */
export type CatalogTable<Filter extends CatalogFilter, Write> = {
  table: PgTable
  columns: CatalogColumns
  /** The columns of a record, its child rows as JSON arrays: one round trip per page. */
  record: Record<string, PgColumn | SQL>
  /**
   * The rows this repository sees at all, in every read (the shop's products: not hidden).
   * Writes go by id and ignore it: they belong to the admin, who sees every row.
   */
  scope?: SQL
  /** The kind's own conditions of a list (search and exclusion are added for every kind). */
  conditions(filter: Filter): SQL[]
  /** The write without its child rows: the table's own columns. */
  columnsOf(write: Write): Record<string, unknown>
  /** Inserts the child rows of a write (sizes, ingredients, contents), in their order; `actor` sets stock. */
  insertChildren(db: Database, id: string, write: Write, actor: string | null): Promise<void>
  /** Deletes the child rows of an entity before an update writes them again. */
  deleteChildren(db: Database, id: string): Promise<void>
  /** Instead of delete-then-insert on update: rows that must keep their identity (stock counts). */
  replaceChildren?(db: Database, id: string, write: Write, actor: string | null): Promise<void>
}

/** A kind's list query: a page, optional search words and an entity to leave out. */
export type CatalogListQuery = PageQuery & { filter?: string; exclude?: string }

/** What makes products, recipes and packages different: their fields, validation and mapping. */
export type CatalogKind<Entity, Input, Query extends CatalogListQuery, Row, Filter, Write> = {
  /** The audit log's entity type. */
  entityType: 'product' | 'recipe' | 'package'
  /** The subject of the NOT_FOUND message: "Product". */
  label: string
  /** The kind's own part of a list's filter; undefined when nothing can match. */
  filterOf(query: Query): Promise<Omit<Filter, keyof CatalogFilter> | undefined>
  /** Rows → wire shapes; a page's linked names are looked up once for the whole page. */
  toEntities(rows: Row[]): Promise<Entity[]>
  /** Validates an input against the catalogue and turns it into a write; throws a field's AppError. */
  toWrite(input: Input): Promise<Write>
  /** The field error for a constraint a write broke (a taken name, a link deleted meanwhile). */
  violationOf(error: unknown): AppError | undefined
}
