import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { CATALOGUE_EXPORT_FORMATS, CATALOGUE_EXPORT_KINDS, type CatalogueExportKind } from '@tavlin/contracts'
import { ConfigError, invocationDir, loadConfig, type AppConfig } from '../../../config/env.js'
import { askShop, isShopRunning } from '../../../db/backup/control-socket.js'
import { openMigratedDatabase } from '../../../db/bootstrap.js'
import { DatabaseUnavailableError, openDatabase } from '../../../db/client.js'
import { createCatalogContents } from '../index.js'
import { catalogueTables } from './catalogue-export.js'
import {
  CATALOGUE_TABLES_ROUTE,
  writeCatalogueFiles,
  type CatalogueExportRequest,
} from './catalogue-export-files.js'
import type { Table } from './columns.js'

/**
 * The tables, from the database; an embedded database held by the running shop is read by
 * that shop, which answers on its control socket (decision 121) as it does for a backup.
 */
export async function readCatalogueTables(
  config: AppConfig,
  kinds: readonly CatalogueExportKind[],
): Promise<{ tables: Table[]; through: 'shop' | 'database' }> {
  if (!config.databaseUrl && (await isShopRunning(config.dataDir))) {
    const all = await askShop<Table[]>(config.dataDir, CATALOGUE_TABLES_ROUTE, {}, 'read the catalogue')
    return { tables: all.filter((table) => kinds.includes(table.kind)), through: 'shop' }
  }
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db'))) {
    throw new Error(`No embedded database in ${path.join(config.dataDir, 'db')}: check DATA_DIR.`)
  }
  // A stopped embedded shop is brought up to date as its next start would; PostgreSQL is only read.
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openMigratedDatabase(config)
  try {
    const tables = await catalogueTables(createCatalogContents(database.db), kinds)
    return { tables, through: 'database' }
  } finally {
    await database.close()
  }
}

/** `npm run catalogue:export`: reads the catalogue and writes the files asked for. */
export async function runCatalogueExport(
  config: AppConfig,
  request: CatalogueExportRequest,
  cwd: string,
  now = new Date(),
): Promise<{ files: string[]; through: 'shop' | 'database'; rows: number }> {
  const kinds = request.kind ? [request.kind] : CATALOGUE_EXPORT_KINDS
  const { tables, through } = await readCatalogueTables(config, kinds)
  const files = await writeCatalogueFiles(request, tables, cwd, now)
  return { files, through, rows: tables.reduce((sum, table) => sum + table.rows.length, 0) }
}

const USAGE =
  'Usage: npm run catalogue:export -- [--format xlsx|csv] [--kind products|recipes|packages] [--out FILE|FOLDER]'

class UsageError extends Error {}

function oneOf<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined
  if ((allowed as readonly string[]).includes(value)) return value as T
  throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, not "${value}".\n${USAGE}`)
}

function optionsOf(args: string[]) {
  try {
    return parseArgs({
      args,
      options: { format: { type: 'string' }, kind: { type: 'string' }, out: { type: 'string' } },
    }).values
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`)
  }
}

/**
 * `npm run catalogue:export -- --format xlsx --out catalogue.xlsx`: the catalogue as the admin's
 * "ייצוא הקטלוג" writes it (issue 37). Without --kind, a workbook has all three sheets and CSV
 * is three files in the --out folder.
 */
async function main(): Promise<void> {
  const values = optionsOf(process.argv.slice(2))
  const format = oneOf('format', values.format, CATALOGUE_EXPORT_FORMATS) ?? 'xlsx'
  const kind = oneOf('kind', values.kind, CATALOGUE_EXPORT_KINDS)
  const config = loadConfig(process.env)
  const started = Date.now()
  const { files, through, rows } = await runCatalogueExport(
    config,
    { format, ...(kind && { kind }), ...(values.out !== undefined && { out: values.out }) },
    invocationDir(),
  )
  process.stdout.write(
    `Catalogue exported${through === 'shop' ? ' (read by the running shop)' : ''}: ${rows} rows in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s\n${files.map((file) => `  ${file}\n`).join('')}`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    const known =
      error instanceof UsageError || error instanceof ConfigError || error instanceof DatabaseUnavailableError
    process.stderr.write(
      `Catalogue export failed: ${known ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exit(error instanceof UsageError ? 2 : 1)
  })
}
