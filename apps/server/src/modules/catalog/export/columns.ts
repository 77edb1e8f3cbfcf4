import type { CatalogueExportKind } from '@tavlin/contracts'

/**
 * The shape every catalogue sheet shares (docs/decisions/275-catalogue-export-columns.md):
 * a header row of Hebrew titles, then plain cells. The import reads files back by these
 * titles, so a title changed here is a column the import no longer finds.
 */

/** Text, a number (prices, quantities, nutrition values), or nothing (an empty cell). */
export type Cell = string | number | null

export type Column<Row> = {
  /** The field it holds, as the contracts name it; what the decision's table lists. */
  key: string
  /** The header row's title. */
  header: string
  cell(row: Row): Cell
}

/** One sheet of the workbook, or one CSV file. */
export type Table = {
  kind: CatalogueExportKind
  /** The workbook's sheet name. */
  sheet: string
  header: string[]
  rows: Cell[][]
}

/**
 * Between the items of a list in one cell (categories, allergens): never part of an
 * identifier, nor the CSV's comma, so the cell needs no quoting and splits back exactly.
 */
export const LIST_SEPARATOR = '|'

export const listCell = (values: readonly string[]): string => values.join(LIST_SEPARATOR)

/** A yes-or-no field, in the owner's words: spreadsheets show their own TRUE/FALSE in English. */
export const YES = 'כן'
export const NO = 'לא'
export const yesNo = (value: boolean | undefined): string => (value ? YES : NO)

/** A count that may be untracked (stock): untracked is an empty cell, 0 is sold out. */
export const countCell = (value: number | null | undefined): Cell => value ?? null

export function tableOf<Row>(
  kind: CatalogueExportKind,
  sheet: string,
  columns: readonly Column<Row>[],
  rows: readonly Row[],
): Table {
  return {
    kind,
    sheet,
    header: columns.map((column) => column.header),
    rows: rows.map((row) => columns.map((column) => column.cell(row))),
  }
}
