import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildApp, type App } from '../app.js'
import { loadConfig, type AppConfig } from '../config/env.js'
import type { AdminGuard } from '../plugins/admin-guard.js'
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../db/client.js'

export type TestContext = {
  app: App
  config: AppConfig
  database: DatabaseHandle
  close(): Promise<void>
}

/**
 * Which engine this test project runs on: the `postgres` Vitest project sets
 * TEST_DB_ENGINE, with TEST_DATABASE_URL pointing at a server we may create databases on.
 */
export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite'
}

/** A fresh, migrated database of this file's own: in-memory PGlite or a new PostgreSQL database. */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  if (testEngine() === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null })
    await migrateDatabase(database)
    return { database, drop: async () => {} }
  }
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL')
  const name = `tavlin_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString() })
  await migrateDatabase(database)
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await client.end()
    },
  }
}

/** Lets every request through the admin check, for tests of admin routes. */
export const allowAllAdmins: AdminGuard = async () => {}

export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  env: NodeJS.ProcessEnv = {},
  dependencies: { requireAdmin?: AdminGuard } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-test-'))
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env }, overrides)
  const { database, drop } = await openTestDatabase()
  const app = await buildApp({ config, database, ...dependencies })
  await app.ready()
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close()
      await drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
