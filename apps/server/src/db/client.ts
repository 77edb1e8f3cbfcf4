import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
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
  close(): Promise<void>
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `dataDir` null keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null }

export class DatabaseUnavailableError extends Error {}

// Migrations stay in the source tree; both src/ and dist/ builds read them from there.
export const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url))

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const handle =
    target.kind === 'postgres' ? await openPostgres(target.url) : await openPglite(target.dataDir)
  return handle
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.engine === 'postgres') {
    await migratePg(handle.db as Parameters<typeof migratePg>[0], { migrationsFolder })
  } else {
    await migratePglite(handle.db as Parameters<typeof migratePglite>[0], { migrationsFolder })
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
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
    close: once(() => pool.end()),
  }
}

// Catalogue search uses a trigram index (migration 0000_pg_trgm); PGlite ships the
// extension as a contrib bundle that must be loaded when the instance is created.
const extensions = { pg_trgm }

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  let client: PGlite
  if (dataDir) {
    const folder = path.join(dataDir, 'db')
    await fs.mkdir(folder, { recursive: true })
    try {
      client = await PGlite.create(folder, { extensions })
    } catch (error) {
      throw new DatabaseUnavailableError(
        `Cannot open the embedded database in ${folder}: ${(error as Error).message}`,
      )
    }
  } else {
    client = await PGlite.create({ extensions })
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
