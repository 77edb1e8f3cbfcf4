import { getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

/** A table's columns without its folded search text, which only the queries read. */
export function ownColumns<T extends PgTable>(table: T) {
  const { searchText: _searchText, searchName: _searchName, ...columns } = getTableColumns(table)
  return columns
}

/**
 * A record's child rows (sizes, ingredients, contents) as one JSON array, so a page is one
 * round trip: no query per record, no second query per child table. `fields` maps each
 * JSON key to a column of the child alias; `from` names the child table, its alias and its
 * link to the parent, whose column is written out qualified ("products"."id"): Drizzle
 * leaves columns unqualified in single-table selects, and a bare "id" would bind to the child.
 */
export function childRowsJson<Row>(
  fields: Record<keyof Row & string, string>,
  from: SQL,
  orderBy: string,
): SQL<Row[]> {
  const pairs = Object.entries<string>(fields).map(([key, column]) => `'${key}', ${column}`)
  return sql<Row[]>`coalesce((
  select json_agg(json_build_object(${sql.raw(pairs.join(', '))}) order by ${sql.raw(orderBy)})
  from ${from}), '[]'::json)`
}
