import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { CatalogueImportReport } from '@tavlin/contracts'
import { ConfigError, invocationDir, loadConfig, type AppConfig } from '../../../config/env.js'
import { isShopRunning } from '../../../db/backup/control-socket.js'
import { openMigratedDatabase } from '../../../db/bootstrap.js'
import { DatabaseUnavailableError, openDatabase } from '../../../db/client.js'
import { AppError } from '../../../lib/errors.js'
import { createAuditRepository, createAuditService } from '../../audit/index.js'
import { createCatalog } from '../index.js'
import { reportLines } from './import-report-text.js'

/** Who the activity log names for an import run from the command line. */
const CLI_ACTOR = { subject: 'npm run catalogue:import', email: null }

const USAGE =
  'Usage: npm run catalogue:import -- <file.xlsx|products.csv|recipes.csv|packages.csv> [--apply] [--map "old=new" ...]'

class UsageError extends Error {}

/** Reads, judges and (with --apply) writes the file; the report either way. */
export async function runCatalogueImport(
  config: AppConfig,
  file: string,
  options: { apply: boolean; map: string[] },
): Promise<CatalogueImportReport> {
  if (!config.databaseUrl && (await isShopRunning(config.dataDir)))
    throw new UsageError(
      'The shop is running on this data folder and holds its database: import from Admin → מוצרים → ייבוא, ' +
        'or stop the shop and run this again.',
    )
  const bytes = fs.readFileSync(file)
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openMigratedDatabase(config)
  try {
    const log = {
      info: () => {},
      warn: () => {},
      error: (obj: object, msg?: string) => console.error(msg, obj),
    }
    const audit = createAuditService({ repository: createAuditRepository(database.db), log })
    const { importer } = createCatalog({ db: database.db, audit, images: { release: async () => {} } })
    return options.apply
      ? await importer.apply(bytes, { map: options.map }, CLI_ACTOR)
      : await importer.dryRun(bytes, { map: options.map })
  } finally {
    await database.close()
  }
}

function argsOf(args: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        apply: { type: 'boolean', default: false },
        map: { type: 'string', multiple: true, default: [] },
      },
    })
    if (positionals.length !== 1) throw new UsageError(USAGE)
    return { file: positionals[0]!, apply: values.apply, map: values.map }
  } catch (error) {
    throw error instanceof UsageError ? error : new UsageError(`${(error as Error).message}\n${USAGE}`)
  }
}

/**
 * `npm run catalogue:import -- products.csv` reports what the file would do; `--apply` writes
 * it, all or nothing; `--map "Old category=spices"` maps a category of the old shop to ours.
 */
async function main(): Promise<void> {
  const { file, apply, map } = argsOf(process.argv.slice(2))
  const config = loadConfig(process.env)
  const started = Date.now()
  try {
    const report = await runCatalogueImport(config, path.resolve(invocationDir(), file), { apply, map })
    process.stdout.write(
      `${reportLines(report).join('\n')}\n(${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
    )
  } catch (error) {
    if (!(error instanceof AppError) || !error.code.startsWith('CATALOGUE_IMPORT')) throw error
    const report = error.details as CatalogueImportReport | undefined
    const lines = error.code === 'CATALOGUE_IMPORT_INVALID' && report ? reportLines(report) : []
    const reason =
      error.code === 'CATALOGUE_IMPORT_INVALID' ? 'לא יובא דבר: יש בקובץ שורות עם בעיות.' : error.message
    process.stderr.write(`${[...lines, reason].join('\n')}\n`)
    process.exit(1)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    const known =
      error instanceof UsageError || error instanceof ConfigError || error instanceof DatabaseUnavailableError
    process.stderr.write(
      `Catalogue import failed: ${known ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exit(error instanceof UsageError ? 2 : 1)
  })
}
