import { parseArgs } from 'node:util'
import path from 'node:path'
import { ConfigError, invocationDir, loadConfig } from '../../config/env.js'
import { DatabaseUnavailableError } from '../client.js'
import { takeBackup } from './backup.js'
import { keepNewFilesPrivate } from '../../lib/private-files.js'

/** `npm run backup [-- --out FOLDER|FILE.tar.gz]`: one dated archive of the database and the images. */
async function main(): Promise<void> {
  keepNewFilesPrivate()
  const { values } = parseArgs({ options: { out: { type: 'string' } } })
  const config = loadConfig(process.env)
  const started = Date.now()
  const { file, manifest, through } = await takeBackup(
    config,
    values.out === undefined ? undefined : path.resolve(invocationDir(), values.out),
  )
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0)
  process.stdout.write(
    `Backup written: ${file}\n  ${manifest.engine === 'pglite' ? 'embedded database' : 'PostgreSQL'}` +
      `${through === 'shop' ? ' (written by the running shop)' : ''}: ${Object.keys(manifest.tables).length} tables, ` +
      `${rows} rows, ${manifest.tables.orders ?? 0} orders; ${manifest.uploads} images; ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s\n` +
      `  Left out: the sign-in keys and sessions (${(manifest.leftOut ?? []).join(', ')}); a restored shop makes new keys and everyone signs in again.\n` +
      `  The archive holds customers' details and password hashes: it is readable by this user only; keep its copies as safe.\n`,
  )
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DatabaseUnavailableError
  process.stderr.write(
    `Backup failed: ${known || error instanceof Error ? (error as Error).message : String(error)}\n`,
  )
  process.exit(1)
})
