import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { AppConfig } from '../../config/env.js'
import { openMigratedDatabase } from '../bootstrap.js'
import { openDatabase, type DatabaseHandle } from '../client.js'
import {
  BACKUP_FILE_PATTERN,
  backupFileName,
  pruneBackups,
  writeBackup,
  type BackupManifest,
} from './archive.js'
import { backupThroughShop, isShopRunning } from './control-socket.js'
import { backupTargets } from './restore.js'
import { makePrivateFolder } from '../../lib/private-files.js'

/** Where `npm run backup` writes when not told: BACKUP_DIR, else `$DATA_DIR/backups`. */
export function defaultBackupDir(config: AppConfig): string {
  return config.backup.dir ?? path.join(config.dataDir, 'backups')
}

/** `--out` may name a folder (a dated file goes in it) or the `.tar.gz` itself. */
function outputFile(config: AppConfig, out: string | undefined, now: Date): string {
  if (out && out.endsWith('.tar.gz')) return path.resolve(out)
  return path.join(path.resolve(out ?? defaultBackupDir(config)), backupFileName(now))
}

/**
 * `npm run backup`: PostgreSQL is read directly (its own snapshot keeps it consistent while
 * the shop writes); an embedded folder that a running shop holds is backed up by that shop.
 */
export async function takeBackup(
  config: AppConfig,
  out?: string,
  now = new Date(),
): Promise<{ file: string; manifest: BackupManifest; through: 'shop' | 'database' }> {
  const file = outputFile(config, out, now)
  const { database: target, uploadsDir } = backupTargets(config)
  if (target.kind === 'pglite' && (await isShopRunning(config.dataDir))) {
    return { file, manifest: await backupThroughShop(config.dataDir, file), through: 'shop' }
  }
  if (target.kind === 'pglite' && !fs.existsSync(path.join(config.dataDir, 'db'))) {
    throw new Error(`No embedded database in ${path.join(config.dataDir, 'db')}: check DATA_DIR.`)
  }
  // A stopped embedded shop is brought up to date as its next start would; a PostgreSQL
  // database in use is only read.
  const database: DatabaseHandle =
    target.kind === 'pglite' ? await openMigratedDatabase(config) : await openDatabase(target)
  try {
    return { file, manifest: await writeBackup(database, uploadsDir, file), through: 'database' }
  } finally {
    await database.close()
  }
}

function takenAt(name: string): number {
  const match = /^tavlin-backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})/.exec(name)
  if (!match) return 0
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[]
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!)
}

/**
 * The daily backup (BACKUP_DIR set): the job looks every hour and writes one when the newest
 * in the folder is a day old, so restarts neither skip nor double it; keeps BACKUP_KEEP.
 */
export function createBackupJob(config: AppConfig, database: DatabaseHandle) {
  const dir = config.backup.dir
  const { uploadsDir } = backupTargets(config)
  return async (now = new Date()) => {
    if (!dir) return { written: null, removed: [] as string[] }
    await makePrivateFolder(dir)
    const names = (await fsp.readdir(dir)).filter((name) => BACKUP_FILE_PATTERN.test(name))
    const newest = Math.max(0, ...names.map(takenAt))
    if (now.getTime() - newest < 23 * 60 * 60 * 1000) return { written: null, removed: [] as string[] }
    const file = path.join(dir, backupFileName(now))
    await writeBackup(database, uploadsDir, file)
    return { written: file, removed: await pruneBackups(dir, config.backup.keep) }
  }
}
