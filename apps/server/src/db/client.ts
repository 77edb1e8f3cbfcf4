import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import { makePrivateFolder, makeTreePrivate } from '../lib/private-files.js'
import { migrationsFolder } from '../package-paths.js'
import { createClusterApart } from './pglite-cluster.js'
import * as schema from './schema/index.js'

export type Schema = typeof schema
/** One type for both engines: repositories never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export type DatabaseHandle = {
  db: Database
  engine: 'pglite' | 'postgres'
  ping(): Promise<void>
  /** Runs a script of several SQL statements (a backup being restored). */
  exec(script: string): Promise<void>
  /**
   * Calls `onMessage` for every NOTIFY on `channel` (PostgreSQL: on a connection of its own,
   * reconnected after a loss; PGlite: in process). `onConnect` runs once listening starts and
   * again after each reconnection, when notifications may have been missed. Resolves to a stop.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>
  /** PGlite only: the whole database as one file, to open copies of (`from` below). */
  dump?(): Promise<Blob>
  /** PGlite only: the size of its WebAssembly memory, which grows and never shrinks (decision 287). */
  wasmMemoryBytes?(): number
  close(): Promise<void>
}

export type ListenHandlers = {
  onMessage(payload: string): void
  onConnect(): void
  onLost?(error: unknown): void
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /**
   * `dataDir` null keeps the database in memory (tests). `from` starts it from a dump of
   * another one (PGlite's `dumpDataDir`): the tests' migrated empty database, made once a run.
   */
  | { kind: 'pglite'; dataDir: string | null; from?: Blob }

export class DatabaseUnavailableError extends Error {}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const handle =
    target.kind === 'postgres'
      ? await openPostgres(target.url)
      : await openPglite(target.dataDir, target.from)
  return handle
}

/*
 * Each engine's driver is imported when that engine is opened: a server on PostgreSQL never
 * loads PGlite, nor one on PGlite the pg driver (docs/decisions/165).
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.engine === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    await migrate(handle.db as Parameters<typeof migrate>[0], { migrationsFolder })
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator')
    await migrate(handle.db as Parameters<typeof migrate>[0], { migrationsFolder })
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ])
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 })
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {})
  try {
    const client = await pool.connect()
    client.release()
  } catch (error) {
    await pool.end().catch(() => {})
    throw new DatabaseUnavailableError(`Cannot connect to PostgreSQL at ${redact(url)}: ${reasonOf(error)}`)
  }
  const db = drizzlePg(pool, { schema }) as unknown as Database
  const listeners = new Set<() => Promise<void>>()
  return {
    db,
    engine: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    // Without parameters node-postgres sends the simple query protocol, which takes many statements.
    exec: async (script) => {
      await pool.query(script)
    },
    listen: async (channel, handlers) => {
      const stop = await listenPostgres(pg.Client, url, channel, handlers)
      listeners.add(stop)
      return async () => {
        listeners.delete(stop)
        await stop()
      }
    },
    close: once(async () => {
      await Promise.allSettled([...listeners].map((stop) => stop()))
      await pool.end()
    }),
  }
}

const RECONNECT_MS = { first: 100, max: 2000 }

/**
 * LISTEN on a client outside the pool (a pooled client would be handed to queries). When the
 * connection drops it is opened again, with a growing pause, until `stop` is called.
 */
async function listenPostgres(
  Client: typeof pg.Client,
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false
  let client: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined
  let pause = RECONNECT_MS.first

  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: url, connectionTimeoutMillis: 5000 })
    let lost = false
    const onLost = (error: unknown) => {
      if (lost || stopped) return
      lost = true
      client = undefined
      next.removeAllListeners('notification')
      void next.end().catch(() => {})
      handlers.onLost?.(error)
      schedule()
    }
    next.on('error', onLost)
    next.on('end', () => onLost(new Error('LISTEN connection ended')))
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '')
    })
    await next.connect()
    await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`)
    if (stopped) {
      await next.end().catch(() => {})
      return
    }
    client = next
    pause = RECONNECT_MS.first
    handlers.onConnect()
  }
  const schedule = () => {
    if (stopped || retry) return
    retry = setTimeout(() => {
      retry = undefined
      connect().catch((error: unknown) => {
        handlers.onLost?.(error)
        pause = Math.min(pause * 2, RECONNECT_MS.max)
        schedule()
      })
    }, pause)
    retry.unref()
  }

  // Not listening yet is no reason to fail the start: the caller's periodic check covers it.
  await connect().catch((error: unknown) => {
    handlers.onLost?.(error)
    schedule()
  })
  return async () => {
    stopped = true
    if (retry) clearTimeout(retry)
    const current = client
    client = undefined
    await current?.end().catch(() => {})
  }
}

async function openPglite(dataDir: string | null, from?: Blob): Promise<DatabaseHandle> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ])
  const pgliteOptions = {
    // Catalogue search uses a trigram index (migration 0000_pg_trgm); PGlite ships the
    // extension as a contrib bundle that must be loaded when the instance is created.
    extensions: { pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers is memory PGlite touches in full when it
    // starts, whatever the data: 293 MB resident after opening the demo shop's folder, 163 MB
    // with 16 MB (decision 162). 32 MB still holds a shop many times the demo's size; the
    // server's own caches answer the repeated catalogue reads anyway.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
    ...(from ? { loadDataDir: from } : {}),
  }
  let client: PGlite
  const folder = dataDir ? path.join(dataDir, 'db') : null
  if (folder) {
    await makePrivateFolder(folder)
    try {
      // A fresh folder's files are made by a process of its own, not this one (decision 287).
      if (!from) await createClusterApart(folder)
      client = await PGlite.create(folder, pgliteOptions)
    } catch (error) {
      throw new DatabaseUnavailableError(
        `Cannot open the embedded database in ${folder}: ${(error as Error).message}`,
      )
    }
    // PGlite sets its files' modes itself, past the umask: a fresh folder had 969 of 972
    // files at 0666 and 2 at 0644 (a reopened one the 2 again), its folders 0755 (decision
    // 235). Made the owner's alone at every open; what it writes while open came out 0600.
    await makeTreePrivate(folder)
  } else {
    client = await PGlite.create(pgliteOptions)
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    exec: async (script) => {
      await client.exec(script)
    },
    // One process owns the embedded database, so nothing is ever missed: the notification
    // of a commit is handled before the query that committed it returns.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onMessage)
      handlers.onConnect()
      // A closed database has no listeners left to remove (PGlite would throw "closed").
      return async () => {
        if (!client.closed) await unlisten()
      }
    },
    dump: () => client.dumpDataDir('none'),
    wasmMemoryBytes: () => (client as unknown as { mod?: { HEAPU8: Uint8Array } }).mod?.HEAPU8.length ?? 0,
    close: once(() => client.close()),
  }
}

/** Closing twice (the app's onClose hook, then a failed start's clean-up) must not throw. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null
  return () => (closing ??= close())
}

/** Connecting to `localhost` tries IPv6 and IPv4: Node then throws an AggregateError with an empty message. */
function reasonOf(error: unknown): string {
  const inner = error instanceof AggregateError ? error.errors[0] : error
  const { message, code } = (inner ?? {}) as NodeJS.ErrnoException
  return message || code || 'connection failed'
}

function redact(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'the configured address'
  }
}
