import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig, type AppConfig } from '../config/env.js'
import type { DatabaseTarget } from '../db/client.js'
import { createPostgresTestDatabase, testEngine } from './build-test-app.js'

/** A restore target of the engine under test: an empty data folder, or an empty PostgreSQL database. */
export async function emptyRestoreTarget(): Promise<{
  config: AppConfig
  target: DatabaseTarget
  drop(): Promise<void>
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-restore-'))
  if (testEngine() === 'postgres') {
    const created = await createPostgresTestDatabase()
    return {
      config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: created.url }),
      target: { kind: 'postgres', url: created.url },
      drop: async () => {
        await created.drop()
        fs.rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  return {
    config: loadConfig({ DATA_DIR: dataDir }),
    target: { kind: 'pglite', dataDir },
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}
