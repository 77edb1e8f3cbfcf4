import fsp from 'node:fs/promises'
import path from 'node:path'
import type { AppConfig } from '../../config/env.js'
import { migrateDatabase, openDatabase, type DatabaseTarget } from '../client.js'
import { readBackup, type BackupManifest } from './archive.js'
import { isShopRunning } from './control-socket.js'
import { SECRET_TABLES } from './sql-dump.js'
import { makePrivateFolder } from '../../lib/private-files.js'

/** A restore that would overwrite something: says what, and how to go on. */
export class RestoreRefused extends Error {}

/** Where the database and the images of this configuration live (images: null when in S3). */
export function backupTargets(config: AppConfig): { database: DatabaseTarget; uploadsDir: string | null } {
  return {
    database: config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
    uploadsDir: config.s3 ? null : path.join(config.dataDir, 'uploads'),
  }
}

async function hasEntries(dir: string): Promise<boolean> {
  try {
    return (await fsp.readdir(dir)).length > 0
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}

/*
 * The server imports this module (backup.ts reads backupTargets) and must not load the pg
 * driver for it: a shop on PGlite never needs pg, and one on PostgreSQL loads it when the
 * database is opened (docs/decisions/165).
 */
async function postgresClient(url: string) {
  const { default: pg } = await import('pg')
  return new pg.Client({ connectionString: url })
}

async function postgresHasTables(url: string): Promise<boolean> {
  const client = await postgresClient(url)
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname in ('public', 'drizzle')",
    )
    return Number(rows[0]?.n ?? 0) > 0
  } finally {
    await client.end()
  }
}

async function emptyPostgres(url: string): Promise<void> {
  const client = await postgresClient(url)
  await client.connect()
  try {
    await client.query(
      'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;',
    )
  } finally {
    await client.end()
  }
}

/**
 * Restores an archive of `npm run backup` into the configured database and uploads folder.
 * Both must be empty unless `force`; a shop running on the embedded folder is never touched.
 */
export async function restoreBackup(
  file: string,
  config: AppConfig,
  options: { force: boolean },
): Promise<BackupManifest & { restoredUploads: number }> {
  const { database: target, uploadsDir } = backupTargets(config)
  const pgliteDir = target.kind === 'pglite' ? path.join(config.dataDir, 'db') : null
  if (pgliteDir && (await isShopRunning(config.dataDir))) {
    throw new RestoreRefused(`The shop is running on ${pgliteDir}: stop it before restoring into it.`)
  }
  const occupied = [
    ...(pgliteDir && (await hasEntries(pgliteDir)) ? [pgliteDir] : []),
    ...(target.kind === 'postgres' && (await postgresHasTables(target.url))
      ? ['the PostgreSQL database']
      : []),
    ...(uploadsDir && (await hasEntries(uploadsDir)) ? [uploadsDir] : []),
  ]
  if (occupied.length > 0 && !options.force) {
    throw new RestoreRefused(
      `Not empty: ${occupied.join(', ')}. Restore into an empty data folder or database, or add --force to replace what is there.`,
    )
  }

  // Images are unpacked beside the folder first and moved in only once the database is in.
  const staging = uploadsDir ? `${uploadsDir}.restoring` : null
  if (staging) await fsp.rm(staging, { recursive: true, force: true })
  try {
    const { manifest, script, uploads } = await readBackup(file, staging)
    if (pgliteDir) await fsp.rm(pgliteDir, { recursive: true, force: true })
    if (target.kind === 'postgres' && occupied.length > 0) await emptyPostgres(target.url)
    const database = await openDatabase(target)
    try {
      await database.exec(script)
      // A backup of an older version: the migrations since then run now, as on a start.
      await migrateDatabase(database)
      // A backup from before decision 233 held the identity provider's keys and sessions:
      // the restored shop makes new ones on its first start all the same.
      await database.exec(SECRET_TABLES.map((table) => `DELETE FROM "${table}";`).join('\n'))
    } finally {
      await database.close()
    }
    if (uploadsDir && staging) {
      await fsp.rm(uploadsDir, { recursive: true, force: true })
      await makePrivateFolder(path.dirname(uploadsDir))
      if (await hasEntries(staging)) await fsp.rename(staging, uploadsDir)
    }
    return { ...manifest, restoredUploads: uploads }
  } finally {
    if (staging) await fsp.rm(staging, { recursive: true, force: true })
  }
}
