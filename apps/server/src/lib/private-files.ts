import fs from 'node:fs/promises'
import path from 'node:path'

/*
 * The data folder holds the database, customers' mail, uploads and backups: only the shop's
 * own user may read or write any of it (issue 33, decision 235). Everything the server
 * writes there is created with these modes; the process's umask (server.ts) narrows
 * whatever a library creates without saying.
 */
export const PRIVATE_FOLDER_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** Bits that let a group or others in. */
const SHARED_BITS = 0o077

/** `mkdir -p` with the private mode for every folder it makes (an existing one keeps its own). */
export async function makePrivateFolder(folder: string): Promise<void> {
  await fs.mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE })
}

/** Writes `file` for the owner alone, through a temporary name so a reader never sees half of it. */
export async function writePrivateFile(
  file: string,
  body: Buffer | string,
  temporary?: string,
): Promise<void> {
  if (!temporary) return fs.writeFile(file, body, { mode: PRIVATE_FILE_MODE })
  await fs.writeFile(temporary, body, { mode: PRIVATE_FILE_MODE })
  await fs.rename(temporary, file)
}

/**
 * Takes group and others' access away from every folder and file under `root` (and root
 * itself): for what a library creates with modes of its own, such as PGlite, whose files are
 * 0666 whatever the umask. Returns how many it changed.
 */
export async function makeTreePrivate(root: string): Promise<number> {
  let changed = 0
  const visit = async (entry: string, isFolder: boolean): Promise<void> => {
    let mode: number
    try {
      mode = (await fs.lstat(entry)).mode & 0o777
    } catch (error) {
      // Removed meanwhile (PGlite replaces some files as it goes): nothing to protect.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    const wanted = isFolder ? PRIVATE_FOLDER_MODE : PRIVATE_FILE_MODE
    if (mode !== wanted) {
      await fs.chmod(entry, wanted).catch(ignoreGone)
      changed += 1
    }
    if (!isFolder) return
    const children = await fs.readdir(entry, { withFileTypes: true }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    })
    // Side by side: a thousand files take a few milliseconds this way at every start.
    await Promise.all(
      children
        .filter((child) => !child.isSymbolicLink())
        .map((child) => visit(path.join(entry, child.name), child.isDirectory())),
    )
  }
  await visit(root, true)
  return changed
}

function ignoreGone(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
}

/** Folders among `folders` that exist and let a group or others in, with their modes (e.g. `755`). */
export async function sharedFolders(folders: readonly string[]): Promise<{ folder: string; mode: string }[]> {
  const found: { folder: string; mode: string }[] = []
  for (const folder of folders) {
    try {
      const mode = (await fs.stat(folder)).mode & 0o777
      if (mode & SHARED_BITS) found.push({ folder, mode: mode.toString(8) })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  return found
}

/**
 * For a process of the shop (the server, `npm run backup`, `restore`, `admin`, `seed`): what
 * it creates without saying a mode (a library's files and folders) is its user's alone too.
 */
export function keepNewFilesPrivate(): void {
  process.umask(0o077)
}
