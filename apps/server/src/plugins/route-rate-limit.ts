import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { AppError } from '../lib/errors.js'

/**
 * Per-route limits for the routes a stranger can call to guess something or to flood the
 * shop (coupon codes, order numbers, the visitor forms): each route names its own
 * `config.rateLimit`; none applies by default.
 * With Redis the count is shared by every process.
 */
export async function registerRouteRateLimit(
  app: FastifyInstance,
  redis: Redis | null,
  nameSpace: string,
  /** The scope's own limit, for `app.createRateLimit()` without options (the page renders'). */
  limit?: { max: number; timeWindow: number },
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...limit,
    ...(redis ? { redis, nameSpace } : {}),
    // A Redis outage must not take these routes down with it: they go unlimited for a while.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests; try again in ${context.after}`, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  })
}
