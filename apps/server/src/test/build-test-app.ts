import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildApp, type App, type AppDependencies } from '../app.js'
import { loadConfig, type AppConfig } from '../config/env.js'
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../db/client.js'
import type { AdminGuard } from '../plugins/admin-guard.js'
import type { HttpFetch } from '../modules/payments/payment-provider.js'
import type { SandboxBehaviour } from '../config/sandbox-behaviour.js'

export type TestContext = {
  app: App
  config: AppConfig
  database: DatabaseHandle
  /** The built-in sandbox's knobs, live: a test sets one, `resetSandbox()` puts them back. */
  sandbox: SandboxBehaviour
  resetSandbox(): void
  close(): Promise<void>
}

/**
 * Which engine this test project runs on: the `postgres` Vitest project sets
 * TEST_DB_ENGINE, with TEST_DATABASE_URL pointing at a server we may create databases on.
 */
export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite'
}

/**
 * A fresh, empty PostgreSQL database of this file's own, for tests that hand a
 * DATABASE_URL to something else (the real server process).
 */
export async function createPostgresTestDatabase(): Promise<PostgresDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL')
  return createPostgresDatabase(serverUrl, `tavlin_test_${process.pid}`)
}

export type PostgresDatabase = { url: string; drop(): Promise<void> }

/** Creates `<prefix>_<random>` on the server at `serverUrl`; `drop()` removes it, connections and all. */
export async function createPostgresDatabase(serverUrl: string, prefix: string): Promise<PostgresDatabase> {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await client.end()
    },
  }
}

export type TestDependencies = {
  requireAdmin?: AdminGuard
  catalogVersionTiming?: AppDependencies['catalogVersionTiming']
  pageDraws?: AppDependencies['pageDraws']
  signInLimits?: AppDependencies['signInLimits']
  importImages?: AppDependencies['importImages']
  /**
   * Listen on 127.0.0.1:0 so the payment adapter's real HTTP code can reach the
   * built-in sandbox: PUBLIC_URL (http://shop.test unless given) is rewritten to
   * that address by the HTTP client. `intercept` may answer a request instead.
   */
  listen?: boolean
  intercept?: (
    url: URL,
    init: RequestInit | undefined,
  ) => Promise<Response | undefined> | Response | undefined
  /** Receives the app's log lines, at `info` (otherwise a test app logs nothing). */
  logStream?: AppDependencies['logStream']
}

/** PUBLIC_URL of listening test apps: not resolvable, so nothing can leave the machine. */
export const TEST_PUBLIC_URL = 'http://shop.test'

/** A fresh, migrated database of this file's own: in-memory PGlite or a new PostgreSQL database. */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  if (testEngine() === 'pglite') {
    const migrated = await migratedPglite()
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: null,
      ...(migrated && { from: migrated }),
    })
    // Opened from the migrated dump it has nothing to apply; outside Vitest (the benches) it is empty.
    await migrateDatabase(database)
    return { database, drop: async () => {} }
  }
  const { url, drop } = await createPostgresTestDatabase()
  const database = await openDatabase({ kind: 'postgres', url })
  await migrateDatabase(database)
  return { database, drop }
}

/** The dump made by Vitest's global setup (src/test/migrated-pglite.global.ts); none in the benches. */
async function migratedPglite(): Promise<Blob | undefined> {
  if (!process.env.VITEST) return undefined
  const { inject } = await import('vitest')
  const file = inject('migratedPglite')
  return file ? fs.openAsBlob(file) : undefined
}

/** Lets every request through the admin check, for tests of admin routes. */
export const allowAllAdmins: AdminGuard = async () => {}

export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  env: NodeJS.ProcessEnv = {},
  deps: TestDependencies = {},
): Promise<TestContext & { baseUrl: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-test-'))
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      RECONCILE_INTERVAL_SECONDS: '0',
      // Test files make many orders from one address and e-mail; the limits' own test sets them.
      CHECKOUT_RATE_LIMIT_PER_MINUTE: '10000',
      UNPAID_ORDERS_PER_EMAIL: '1000',
      // Page tests render many pages from one address; the render limit's own test sets it.
      PAGE_RENDERS_PER_MINUTE: '100000',
      ...(deps.listen ? { PUBLIC_URL: TEST_PUBLIC_URL } : {}),
      ...env,
    },
    // Tests read mails from the outbox before a delivery they start; the one about sending at once turns it on.
    { mailSendsAtOnce: false, ...overrides },
  )
  const { database, drop } = await openTestDatabase()
  let baseUrl = ''
  const httpClient: HttpFetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const answer = await deps.intercept?.(url, init)
    if (answer) return answer
    if (baseUrl && url.origin === new URL(config.publicUrl).origin) {
      return fetch(new URL(url.pathname + url.search, baseUrl), init)
    }
    return fetch(url, init)
  }
  const sandbox = structuredClone({ ...config.payplus.sandbox })
  const app = await buildApp({
    config,
    database,
    httpClient,
    sandboxBehaviour: sandbox,
    ...(deps.requireAdmin ? { requireAdmin: deps.requireAdmin } : {}),
    ...(deps.catalogVersionTiming ? { catalogVersionTiming: deps.catalogVersionTiming } : {}),
    ...(deps.pageDraws ? { pageDraws: deps.pageDraws } : {}),
    ...(deps.signInLimits ? { signInLimits: deps.signInLimits } : {}),
    ...(deps.logStream ? { logStream: deps.logStream } : {}),
    ...(deps.importImages ? { importImages: deps.importImages } : {}),
  })
  await app.ready()
  if (deps.listen) {
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no listening address')
    baseUrl = `http://127.0.0.1:${address.port}`
  }
  return {
    baseUrl,
    app,
    config,
    database,
    sandbox,
    resetSandbox: () => Object.assign(sandbox, structuredClone({ ...config.payplus.sandbox })),
    close: async () => {
      await app.close()
      await drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
