import {
  CATALOGUE_EXPORT_KINDS,
  type CatalogueExportFormat,
  type CatalogueExportKind,
  type CatalogueExportQuery,
} from '@tavlin/contracts'
import { toCsv } from '../../../lib/csv.js'
import { israelDateTime } from '../../../lib/iso-time.js'
import { onFirstUse } from '../../../lib/on-first-use.js'
import type { CatalogContents } from '../catalog-contents.js'
import type { Cell, Table } from './columns.js'
import { packagesTable } from './package-columns.js'
import { productsTable } from './product-columns.js'
import { recipesTable } from './recipe-columns.js'

/**
 * The catalogue as a spreadsheet (issue 37): the tables of columns.ts, written as CSV by the
 * server's one CSV writer (BOM, RFC 4180, formulas neutralised) or as an XLSX workbook by
 * write-excel-file (docs/decisions/276-xlsx-with-write-excel-file.md).
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

/** What a kind is called in a file's Hebrew name. */
const HEBREW_NAMES: Record<CatalogueExportKind, string> = {
  products: 'מוצרים',
  recipes: 'מתכונים',
  packages: 'מארזים',
}

async function all<T>(batches: AsyncGenerator<T[]>): Promise<T[]> {
  const items: T[] = []
  for await (const batch of batches) items.push(...batch)
  return items
}

const TABLES: Record<CatalogueExportKind, (contents: CatalogContents) => Promise<Table>> = {
  products: async (contents) => productsTable(await all(contents.products())),
  recipes: async (contents) => recipesTable(await all(contents.recipes())),
  packages: async (contents) => packagesTable(await all(contents.packages())),
}

/** One kind after the other: one connection's worth of reads at a time. */
export async function catalogueTables(
  contents: CatalogContents,
  kinds: readonly CatalogueExportKind[],
): Promise<Table[]> {
  const tables: Table[] = []
  for (const kind of kinds) tables.push(await TABLES[kind](contents))
  return tables
}

export const tableCsv = (table: Table): string => toCsv(table.header, table.rows)

// Loaded by the first export, not by every start of the server (decision 165).
const loadXlsxWriter = onFirstUse(async () => (await import('write-excel-file/node')).default)

/**
 * A cell of a workbook is typed: text stays text (never a formula, whatever it starts with,
 * so it needs no apostrophe and reads back exactly), numbers stay numbers.
 */
const xlsxCell = (value: Cell) =>
  value === null ? null : typeof value === 'number' ? { type: Number, value } : { type: String, value }

/** A column as wide as its title, within reason: ids and long texts stay readable. */
const widthOf = (header: string) => ({ width: Math.min(40, Math.max(12, header.length + 4)) })

export async function tablesXlsx(tables: readonly Table[]): Promise<Buffer> {
  const writeXlsxFile = await loadXlsxWriter()
  const sheets = tables.map((table) => ({
    sheet: table.sheet,
    data: [
      table.header.map((value) => ({ type: String, value, fontWeight: 'bold' as const })),
      ...table.rows.map((row) => row.map(xlsxCell)),
    ],
    columns: table.header.map(widthOf),
    rightToLeft: true,
    stickyRowsCount: 1,
  }))
  return writeXlsxFile(sheets).toBuffer()
}

export type CatalogueFile = {
  body: string | Buffer
  contentType: string
  /** ASCII, for the download's plain `filename`. */
  fileName: string
  /** The same in Hebrew, which browsers prefer (`filename*`). */
  hebrewFileName: string
}

/** The download's names: `tavlin-products-2026-06-01.csv`, `מוצרים-2026-06-01.csv`, a workbook's `tavlin-catalogue-…`. */
export function catalogueFileNames(
  format: CatalogueExportFormat,
  kind: CatalogueExportKind | undefined,
  day: string,
): { fileName: string; hebrewFileName: string } {
  return {
    fileName: `tavlin-${kind ?? 'catalogue'}-${day}.${format}`,
    hebrewFileName: `${kind ? HEBREW_NAMES[kind] : 'קטלוג'}-${day}.${format}`,
  }
}

/** The shop's day, which names the files. */
export const exportDay = (now: Date): string => israelDateTime(now).slice(0, 10)

/** One kind as CSV, or a workbook of one kind or of all three. */
export async function exportCatalogue(
  contents: CatalogContents,
  query: CatalogueExportQuery,
  now: Date,
): Promise<CatalogueFile> {
  const { format, kind } = query
  const names = catalogueFileNames(format, kind, exportDay(now))
  if (format === 'csv') {
    if (!kind) throw new Error('A CSV file holds one kind: CatalogueExportQuerySchema asks for it')
    const [table] = await catalogueTables(contents, [kind])
    return { body: tableCsv(table!), contentType: CSV_CONTENT_TYPE, ...names }
  }
  const tables = await catalogueTables(contents, kind ? [kind] : CATALOGUE_EXPORT_KINDS)
  return { body: await tablesXlsx(tables), contentType: XLSX_CONTENT_TYPE, ...names }
}
