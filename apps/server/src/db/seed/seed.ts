import type { AppConfig } from '../../config/env.js'
import type { Database } from '../client.js'

/** Loads the demo catalogue into an empty database. Filled in by the seed work. */
export async function seedIfEmpty(_db: Database, _config: AppConfig): Promise<void> {}
