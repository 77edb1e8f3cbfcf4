import fsp from 'node:fs/promises'
import path from 'node:path'
import {
  CATALOGUE_EXPORT_KINDS,
  type CatalogueExportFormat,
  type CatalogueExportKind,
} from '@tavlin/contracts'
import type { Database } from '../../../db/client.js'
import { createCatalogContents } from '../index.js'
import { catalogueFileNames, catalogueTables, exportDay, tableCsv, tablesXlsx } from './catalogue-export.js'
import type { Table } from './columns.js'

/** The control socket's route on which a running shop answers with the catalogue's tables. */
export const CATALOGUE_TABLES_ROUTE = '/catalogue-tables'

/** What the running shop answers there: every kind's table. */
export const everyCatalogueTable = (db: Database): Promise<Table[]> =>
  catalogueTables(createCatalogContents(db), CATALOGUE_EXPORT_KINDS)

/** What `npm run catalogue:export` was asked for; `out` is resolved against the caller's folder. */
export type CatalogueExportRequest = {
  format: CatalogueExportFormat
  kind?: CatalogueExportKind
  out?: string
}

/**
 * Writes the files and returns their paths. A workbook, or one kind's CSV, goes to `out`
 * (a file) or under its dated name in `cwd`; CSV of every kind is three files in the folder
 * `out` (default `cwd`).
 */
export async function writeCatalogueFiles(
  request: CatalogueExportRequest,
  tables: readonly Table[],
  cwd: string,
  now: Date,
): Promise<string[]> {
  const day = exportDay(now)
  const { format, kind, out } = request
  if (format === 'xlsx' || kind) {
    const file = out ? path.resolve(cwd, out) : path.join(cwd, catalogueFileNames(format, kind, day).fileName)
    await fsp.mkdir(path.dirname(file), { recursive: true })
    await fsp.writeFile(file, format === 'xlsx' ? await tablesXlsx(tables) : tableCsv(tables[0]!))
    return [file]
  }
  const folder = path.resolve(cwd, out ?? '.')
  await fsp.mkdir(folder, { recursive: true })
  const files: string[] = []
  for (const table of tables) {
    const file = path.join(folder, catalogueFileNames('csv', table.kind, day).fileName)
    await fsp.writeFile(file, tableCsv(table))
    files.push(file)
  }
  return files
}
