import fsp from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import type { DatabaseHandle } from '../client.js'
import { writeBackup, type BackupManifest } from './archive.js'

/**
 * Embedded PGlite belongs to one process: while the shop runs, `npm run backup` cannot
 * open its folder. The server listens on a Unix socket in the data folder instead, and
 * writes the backup itself; only who may read the data folder may connect (decision 121).
 */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control.sock')
}

/** Further things the running shop does when asked on the socket: `POST <path>` with no body. */
export type ControlActions = Record<string, () => Promise<unknown>>

export async function startControlSocket(
  dataDir: string,
  database: DatabaseHandle,
  uploadsDir: string | null,
  actions: ControlActions = {},
): Promise<{ close(): Promise<void> }> {
  const socketPath = controlSocketPath(dataDir)
  // Left behind by a process that was killed: nobody answers on it.
  if (!(await isShopRunning(dataDir))) await fsp.rm(socketPath, { force: true })
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    const action = request.method === 'POST' && request.url ? actions[request.url] : undefined
    if (action) {
      request.resume()
      return void action().then(
        (result) => answer(200, result),
        (error: unknown) => answer(500, { error: (error as Error).message }),
      )
    }
    if (request.method !== 'POST' || request.url !== '/backup') return answer(404, { error: 'not found' })
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      let file: unknown
      try {
        file = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { file?: unknown }).file
      } catch {
        file = undefined
      }
      if (typeof file !== 'string' || !path.isAbsolute(file)) {
        return answer(400, { error: 'file must be an absolute path' })
      }
      writeBackup(database, uploadsDir, file).then(
        (manifest) => answer(200, manifest),
        (error: unknown) => answer(500, { error: (error as Error).message }),
      )
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, resolve)
  })
  await fsp.chmod(socketPath, 0o600)
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** Whether a shop process answers on the data folder's control socket. */
export async function isShopRunning(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.request(
      { socketPath: controlSocketPath(dataDir), method: 'GET', path: '/', timeout: 2_000 },
      (response) => {
        response.resume()
        resolve(true)
      },
    )
    request.on('error', () => resolve(false))
    request.on('timeout', () => {
      request.destroy()
      resolve(false)
    })
    request.end()
  })
}

/** Asks the running shop to write a backup to `file`. */
export async function backupThroughShop(dataDir: string, file: string): Promise<BackupManifest> {
  return askShop<BackupManifest>(dataDir, '/backup', { file }, 'write the backup')
}

/** `POST route` to the running shop; its JSON answer, or an error naming `what` it could not do. */
export async function askShop<T>(dataDir: string, route: string, body: unknown, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        socketPath: controlSocketPath(dataDir),
        method: 'POST',
        path: route,
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        // Joined before decoding: a chunk can end inside a Hebrew letter's bytes.
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as T & { error?: string }
          if (response.statusCode === 200) resolve(answer)
          else reject(new Error(`The shop could not ${what}: ${answer.error ?? response.statusCode}`))
        })
      },
    )
    request.on('error', reject)
    request.end(JSON.stringify(body ?? {}))
  })
}
