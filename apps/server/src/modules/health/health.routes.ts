import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '@tavlin/contracts'
import type { DatabaseHandle } from '../../db/client.js'
import { AppError } from '../../lib/errors.js'

const HealthSchema = envelope(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }))

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthSchema } } },
    async (request) => {
      try {
        await database.ping()
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable')
        throw new AppError('SERVICE_UNAVAILABLE', 'Database unreachable')
      }
      return { success: true as const, data: { status: 'ok' as const, database: database.engine } }
    },
  )
}
