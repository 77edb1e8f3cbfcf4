import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '@tavlin/contracts'
import { AppError } from '../../lib/errors.js'

const HealthSchema = envelope(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }))

export type HealthRoutesOptions = {
  /** Runs a trivial query and says which engine answered; throws when the database is unreachable. */
  checkDatabase(): Promise<'pglite' | 'postgres'>
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { checkDatabase }) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthSchema } } },
    async (request) => {
      let engine: 'pglite' | 'postgres'
      try {
        engine = await checkDatabase()
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable')
        throw new AppError('SERVICE_UNAVAILABLE', 'Database unreachable')
      }
      return { success: true as const, data: { status: 'ok' as const, database: engine } }
    },
  )
}
