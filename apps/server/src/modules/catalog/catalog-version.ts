import { coalescedRead } from '../../lib/coalesced-read.js'
import type { DatabaseHandle } from '../../db/client.js'

/** The channel migration 0004 announces every new catalogue version on. */
export const CATALOG_VERSION_CHANNEL = 'catalog_version'

export type CatalogVersion = {
  /**
   * The catalogue's version as this process knows it, never older than `maxAgeMs` after a
   * commit elsewhere: usually answered from memory, with no database round trip.
   */
  current(): Promise<number>
  /** Reads the version now; awaited after a write on this process so its next page shows it. */
  refresh(): Promise<number>
  stop(): Promise<void>
}

export type CatalogVersionOptions = {
  /** The version row, read from the database. */
  read(): Promise<number>
  /** Subscribes to the notifications of new versions (DatabaseHandle.listen). */
  listen?: DatabaseHandle['listen']
  /** How often the version is read anyway, in case a notification was lost. */
  pollMs?: number
  /**
   * The bound: a version confirmed by a read longer ago than this is not trusted, and each
   * request reads it again (as before decision 160) until a read succeeds.
   */
  maxAgeMs?: number
  now?: () => number
  onError?(error: unknown): void
}

/**
 * The catalogue's version kept in memory (docs/decisions/160). Three ways keep it current:
 * the database's notification of each commit (milliseconds), a read after each write made
 * through this process (before that write's answer is sent), and a read every `pollMs` that
 * catches a lost notification or a dropped LISTEN connection. If even those reads stop
 * succeeding, `current()` stops trusting memory after `maxAgeMs` and reads on each request.
 */
export async function createCatalogVersion({
  read,
  listen,
  pollMs = 250,
  maxAgeMs = 1000,
  now = () => performance.now(),
  onError = () => {},
}: CatalogVersionOptions): Promise<CatalogVersion> {
  let version = -1
  // When the last successful read began: what it saw is at least that recent.
  let confirmedAt = -Infinity
  const learn = (seen: number) => {
    // Versions only grow; a read that started before a notification must not undo it.
    if (seen > version) version = seen
  }
  const coalesced = coalescedRead(async () => {
    const startedAt = now()
    const seen = await read()
    learn(seen)
    confirmedAt = Math.max(confirmedAt, startedAt)
    return version
  })
  const refresh = () => coalesced()

  const stopListening = listen
    ? await listen(CATALOG_VERSION_CHANNEL, {
        onMessage: (payload) => {
          const seen = Number(payload)
          if (Number.isSafeInteger(seen)) learn(seen)
        },
        // Anything may have changed while the connection was down: read it all again.
        onConnect: () => void refresh().catch(onError),
        onLost: onError,
      })
    : undefined
  await refresh()

  const timer = setInterval(() => void refresh().catch(onError), pollMs)
  timer.unref()

  return {
    current: () => (now() - confirmedAt <= maxAgeMs ? Promise.resolve(version) : refresh()),
    refresh,
    stop: async () => {
      clearInterval(timer)
      await stopListening?.()
    },
  }
}
