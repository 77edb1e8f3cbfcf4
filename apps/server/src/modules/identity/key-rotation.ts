import type { AppConfig } from '../../config/env.js'
import { askShop, isShopRunning } from '../../db/backup/control-socket.js'
import { openMigratedDatabase } from '../../db/bootstrap.js'
import type { Database } from '../../db/client.js'
import { rotateIdentityKeys } from './key-store.repository.js'

export type KeyRotation = { kid: string; sessionsEnded: number }

/** The running embedded shop rotates its keys when asked on its control socket at this route. */
export const ROTATE_KEYS_ROUTE = '/rotate-keys'

/** The built-in provider's signing and cookie keys replaced, every session ended (decision 233). */
export function rotateKeys(db: Database): Promise<KeyRotation> {
  return rotateIdentityKeys(db)
}

/**
 * `npm run admin -- rotate-keys`: an embedded database that a running shop holds is rotated by
 * that shop (only it may open the folder); otherwise the database is written directly, and
 * every server process on it finds the new keys on its next request.
 */
export async function rotateKeysFor(
  config: AppConfig,
): Promise<KeyRotation & { through: 'shop' | 'database' }> {
  if (!config.databaseUrl && (await isShopRunning(config.dataDir))) {
    const rotation = await askShop<KeyRotation>(config.dataDir, ROTATE_KEYS_ROUTE, {}, 'rotate its keys')
    return { ...rotation, through: 'shop' }
  }
  const database = await openMigratedDatabase(config)
  try {
    return { ...(await rotateKeys(database.db)), through: 'database' }
  } finally {
    await database.close()
  }
}
