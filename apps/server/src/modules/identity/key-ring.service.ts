import type { Database } from '../../db/client.js'
import {
  currentKeyGeneration,
  loadOrCreateIdentityKeys,
  readIdentityKeys,
  type IdentityKeys,
} from './key-store.repository.js'

/**
 * The built-in provider's keys as this process holds them. Keys are rotated by another
 * process (`npm run admin -- rotate-keys`) or through the control socket; every process
 * finds out on its next request under /oidc, or on the first token it cannot match
 * (decision 233), without a restart.
 */
export type KeyRing = {
  /** The keys as last read: at start, or by the last refresh. */
  cached(): IdentityKeys
  /** Reads which keys are in force (one small query) and reloads them when they changed. */
  refresh(): Promise<IdentityKeys>
}

export async function createKeyRing(db: Database): Promise<KeyRing> {
  let keys = await loadOrCreateIdentityKeys(db)
  let refreshing: Promise<IdentityKeys> | null = null

  const refresh = async (): Promise<IdentityKeys> => {
    const generation = await currentKeyGeneration(db)
    if (generation === keys.generation) return keys
    // An empty table (keys deleted by hand) gets new keys, as a first start would.
    keys = generation === '' ? await loadOrCreateIdentityKeys(db) : await readIdentityKeys(db)
    return keys
  }

  return {
    cached: () => keys,
    // Requests that arrive together share one read.
    refresh: () =>
      (refreshing ??= refresh().finally(() => {
        refreshing = null
      })),
  }
}
