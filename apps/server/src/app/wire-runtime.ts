import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import type { AppConfig } from '../config/env.js'
import type { DatabaseHandle } from '../db/client.js'
import { createCatalogVersionRepository } from '../modules/catalog/catalog-version.repository.js'
import { createCatalogVersion } from '../modules/catalog/catalog-version.js'

/**
 * Rate-limit counters shared by every process (DESIGN §3); short timeouts, since a
 * limiter that waits on Redis would slow every request it guards. Null without REDIS_URL,
 * and then ioredis is not even loaded (docs/decisions/165).
 */
export async function connectRateLimitRedis(app: FastifyInstance, config: AppConfig): Promise<Redis | null> {
  const rateLimitRedis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        enableAutoPipelining: true,
      })
    : null
  if (rateLimitRedis) {
    rateLimitRedis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit Redis unavailable'))
    app.addHook('onClose', async () => {
      await rateLimitRedis.quit().catch(() => rateLimitRedis.disconnect())
    })
  }
  return rateLimitRedis
}

type CatalogVersionTiming = { pollMs?: number; maxAgeMs?: number }

/**
 * Kept in memory, pushed by the database, checked every 250 ms and never trusted for
 * more than a second without a read (docs/decisions/160). Stops when the app closes.
 */
export async function startCatalogVersion(
  app: FastifyInstance,
  database: DatabaseHandle,
  timing: CatalogVersionTiming | undefined,
) {
  const catalogVersionRepository = createCatalogVersionRepository(database.db)
  const versionLog = app.log.child({ module: 'catalog-version' })
  const catalogVersionSource = await createCatalogVersion({
    read: () => catalogVersionRepository.current(),
    listen: database.listen,
    ...timing,
    onError: (error) => versionLog.warn({ err: error }, 'catalogue version check failed'),
  })
  app.addHook('preClose', () => catalogVersionSource.stop())
  return catalogVersionSource
}
