import { parseArgs } from 'node:util'
import path from 'node:path'
import { ConfigError, invocationDir, loadConfig } from '../../config/env.js'
import { DatabaseUnavailableError } from '../client.js'
import { RestoreRefused, restoreBackup } from './restore.js'
import { keepNewFilesPrivate } from '../../lib/private-files.js'

const USAGE = 'Usage: npm run restore -- FILE.tar.gz [--force]\n'

/**
 * `npm run restore FILE`: into the configured DATA_DIR or DATABASE_URL, which must be empty
 * unless --force. The same two commands move a shop from the embedded database to PostgreSQL.
 */
async function main(): Promise<number> {
  keepNewFilesPrivate()
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  })
  const [file] = positionals
  if (!file || positionals.length > 1) {
    process.stderr.write(USAGE)
    return 2
  }
  const config = loadConfig(process.env)
  const restored = await restoreBackup(path.resolve(invocationDir(), file), config, {
    force: values.force,
  })
  process.stdout.write(
    `Restored ${file} (taken ${restored.createdAt} from ${restored.engine === 'pglite' ? 'an embedded database' : 'PostgreSQL'}) ` +
      `into ${config.databaseUrl ? 'PostgreSQL' : `${config.dataDir}/db`}: ${restored.tables.orders ?? 0} orders, ` +
      `${restored.restoredUploads} images.\n`,
  )
  return 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof ConfigError ||
      error instanceof DatabaseUnavailableError ||
      error instanceof RestoreRefused
    process.stderr.write(
      `Restore failed: ${known || error instanceof Error ? (error as Error).message : String(error)}\n`,
    )
    process.exit(1)
  },
)
