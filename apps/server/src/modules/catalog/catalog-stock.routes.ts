import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ErrorEnvelopeSchema,
  LowStockSchema,
  StockItemQuerySchema,
  StockMovementSchema,
  StockSettingsSchema,
  envelope,
  type StockSettings,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf, type Actor } from '../audit/index.js'
import type { CatalogStock } from './catalog-stock.js'

const security = [{ bearerAuth: [] }]
const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema }

/** Where the owner's low-stock threshold is kept (the shop settings). */
export type StockSettingsStore = {
  get(): Promise<StockSettings>
  update(input: StockSettings, actor?: Actor): Promise<StockSettings>
}

/** Admin: what is running low, one count's history, and the low-stock threshold (decision 221). */
export const stockRoutes: FastifyPluginAsyncZod<{
  stock: CatalogStock
  settings: StockSettingsStore
  requireAdmin: AdminGuard
}> = async (app, { stock, settings, requireAdmin }) => {
  app.addHook('onRequest', requireAdmin)

  app.get(
    '/admin/stock/low',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sizes and packages at or under the low-stock threshold, emptiest first (admin)',
        security,
        response: { 200: envelope(LowStockSchema), ...errors },
      },
    },
    async () => {
      const { lowStockThreshold } = await settings.get()
      return { success: true as const, data: await stock.lowStock(lowStockThreshold) }
    },
  )

  app.get(
    '/admin/stock/history',
    {
      schema: {
        tags: ['admin'],
        summary: "One size's or package's stock changes, newest first (admin)",
        security,
        querystring: StockItemQuerySchema,
        response: { 200: envelope(z.array(StockMovementSchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await stock.history(request.query) }),
  )

  app.get(
    '/admin/stock/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'The low-stock threshold and whether to e-mail at it (admin)',
        security,
        response: { 200: envelope(StockSettingsSchema), ...errors },
      },
    },
    async () => ({ success: true as const, data: await settings.get() }),
  )

  app.put(
    '/admin/stock/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set the low-stock threshold and its e-mail (admin)',
        security,
        body: StockSettingsSchema,
        response: { 200: envelope(StockSettingsSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await settings.update(request.body, actorOf(request)),
    }),
  )
}
