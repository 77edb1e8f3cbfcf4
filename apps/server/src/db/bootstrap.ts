import type { AppConfig } from '../config/env.js'
import { migrateDatabase, openDatabase, type DatabaseHandle } from './client.js'

/** Opens the configured database and brings its schema up to date. */
export async function openMigratedDatabase(config: AppConfig): Promise<DatabaseHandle> {
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  )
  try {
    await migrateDatabase(handle)
  } catch (error) {
    await handle.close().catch(() => {})
    throw error
  }
  return handle
}
