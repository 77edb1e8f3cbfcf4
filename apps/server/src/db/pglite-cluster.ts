import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)

/*
 * What the child runs: PGlite creating its files in an empty folder (its initdb), then closing.
 * A string, so that the sources under tsx, the tests and the bundled server all run the same.
 */
const CREATE = `
const { PGlite } = await import(process.argv[1])
const db = await PGlite.create(process.argv[2])
await db.close()
`

/** Whether `folder` already holds a database PGlite made (PostgreSQL's own mark of one). */
export function holdsCluster(folder: string): boolean {
  return fs.existsSync(path.join(folder, 'PG_VERSION'))
}

/**
 * Creates the embedded database's files in `folder` in a process of its own, when it holds none
 * yet (decision 287). PGlite's initdb is a second WebAssembly program with its own memory:
 * run in the server's process it left about 550 MB resident there for the life of the process
 * (779 MB after opening a fresh folder, 239 MB after opening the same folder again), which
 * neither closing the database nor a garbage collection gives back. In a child, it is gone
 * with the child; the server then opens the folder as on any later start.
 */
export async function createClusterApart(folder: string): Promise<void> {
  if (holdsCluster(folder)) return
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href
  try {
    // Plain node: the parent's own flags (a loader, heap caps) are not passed on, nor needed.
    await run(process.execPath, ['--input-type=module', '-e', CREATE, entry, folder], {
      maxBuffer: 16 * 1024 * 1024,
    })
  } catch (error) {
    const { stderr } = error as { stderr?: string }
    throw new Error(`creating the embedded database failed: ${stderr?.trim() || (error as Error).message}`)
  }
}
