import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import type { DatabaseHandle } from '../client.js'
import { dumpDatabase } from './sql-dump.js'
import { onFirstUse } from '../../lib/on-first-use.js'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../../lib/private-files.js'

// Loaded by the first backup or restore, not at every start (docs/decisions/165).
const loadTar = onFirstUse(async () => (await import('tar-stream')).default)

/**
 * One dated `.tar.gz` per backup (decision 121): `database.sql` (plain SQL, psql reads it),
 * `uploads/…` (the images in $DATA_DIR/uploads) and `manifest.json` (what is inside).
 * A standard tar, so `tar -xzf` opens it without Tavlin.
 */
export const BACKUP_FORMAT = 'tavlin-backup/1'
export const BACKUP_FILE_PATTERN = /^tavlin-backup-\d{8}-\d{6}Z?\.tar\.gz$/

export type BackupManifest = {
  format: typeof BACKUP_FORMAT
  createdAt: string
  engine: 'pglite' | 'postgres'
  migrations: number
  tables: Record<string, number>
  /** Tables whose rows are not in the archive: the identity provider's secrets (decision 233). */
  leftOut?: string[]
  uploads: number
}

/**
 * A backup holds every customer's details and the accounts' password hashes: the archive is
 * written for the shop's own user only, in a folder only it may enter (issue 33).
 */
const ARCHIVE_MODE = PRIVATE_FILE_MODE
const FOLDER_MODE = PRIVATE_FOLDER_MODE

/** `tavlin-backup-20261124-093000Z.tar.gz`: sorts by time, unique to the second. */
export function backupFileName(at = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
    .replace('T', '-')
  return `tavlin-backup-${stamp}.tar.gz`
}

/** Files under `dir`, relative to it, in a stable order; none when it does not exist. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  let entries: fs.Dirent[]
  try {
    entries = await fsp.readdir(path.join(dir, prefix), { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const files: string[] = []
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) files.push(...(await listFiles(dir, relative)))
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) files.push(relative)
  }
  return files
}

/**
 * Writes the archive to `file` (through a `.partial` name, so a half-written backup never
 * looks like one). The database snapshot is taken first; uploads are copied after it, and
 * an image is never changed in place (decision 071), so every image the snapshot names is there.
 */
export async function writeBackup(
  database: DatabaseHandle,
  uploadsDir: string | null,
  file: string,
): Promise<BackupManifest> {
  const dump = await dumpDatabase(database.db)
  const uploads = uploadsDir ? await listFiles(uploadsDir) : []
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    engine: database.engine,
    migrations: dump.migrations,
    tables: dump.tables,
    leftOut: dump.leftOut,
    uploads: uploads.length,
  }
  await fsp.mkdir(path.dirname(file), { recursive: true, mode: FOLDER_MODE })
  const partial = `${file}.partial`
  // A partial file left by an interrupted backup keeps its own mode: start anew.
  await fsp.rm(partial, { force: true })
  const pack = (await loadTar()).pack()
  const written = pipeline(pack, zlib.createGzip(), fs.createWriteStream(partial, { mode: ARCHIVE_MODE }))
  // `tar -xzf` gives the files these modes: the unpacked copy is kept as close as the archive.
  const add = (name: string, body: Buffer) =>
    new Promise<void>((resolve, reject) =>
      pack.entry({ name, size: body.length, mode: ARCHIVE_MODE }, body, (error) =>
        error ? reject(error) : resolve(),
      ),
    )
  try {
    await add('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)))
    await add('database.sql', Buffer.from(dump.script))
    for (const relative of uploads) {
      let body: Buffer
      try {
        body = await fsp.readFile(path.join(uploadsDir!, relative))
      } catch (error) {
        // Swept (decision 080) between the listing and now: no row names it any more.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
        throw error
      }
      await add(`uploads/${relative}`, body)
    }
    pack.finalize()
    await written
  } catch (error) {
    pack.destroy()
    await written.catch(() => {})
    await fsp.rm(partial, { force: true })
    throw error
  }
  await fsp.rename(partial, file)
  return manifest
}

/**
 * Reads an archive: returns its manifest and SQL, and writes its uploads under `uploadsDir`.
 * Names that would leave that folder are refused.
 */
export async function readBackup(
  file: string,
  uploadsDir: string | null,
): Promise<{ manifest: BackupManifest; script: string; uploads: number }> {
  let manifest: BackupManifest | null = null
  let script: string | null = null
  let uploads = 0
  const extract = (await loadTar()).extract()
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer))
    stream.on('error', next)
    stream.on('end', () => {
      const body = Buffer.concat(chunks)
      const done = (error?: unknown) => next(error as Error | undefined)
      if (header.type !== 'file') return done()
      if (header.name === 'manifest.json') manifest = JSON.parse(body.toString()) as BackupManifest
      else if (header.name === 'database.sql') script = body.toString()
      else if (header.name.startsWith('uploads/') && uploadsDir) {
        const target = path.resolve(uploadsDir, header.name.slice('uploads/'.length))
        if (!target.startsWith(path.resolve(uploadsDir) + path.sep)) {
          return done(new Error(`Refusing the archive entry ${header.name}: outside the uploads folder`))
        }
        uploads += 1
        return void fsp
          .mkdir(path.dirname(target), { recursive: true, mode: FOLDER_MODE })
          .then(() => fsp.writeFile(target, body, { mode: ARCHIVE_MODE }))
          .then(() => done(), done)
      }
      done()
    })
  })
  await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract)
  const found = manifest as BackupManifest | null
  if (!found || found.format !== BACKUP_FORMAT || script === null) {
    throw new Error(`${file} is not a Tavlin backup (no ${BACKUP_FORMAT} manifest and database.sql)`)
  }
  return { manifest: found, script, uploads }
}

/** Keeps the newest `keep` backups in `dir`; only files named like ours are touched. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await fsp.readdir(dir)).filter((name) => BACKUP_FILE_PATTERN.test(name)).sort()
  const removed = names.slice(0, Math.max(names.length - keep, 0))
  for (const name of removed) await fsp.rm(path.join(dir, name), { force: true })
  return removed
}
