import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  BulkEditOutcomeSchema,
  BulkEditRequestSchema,
  BulkUndoOutcomeSchema,
  ErrorEnvelopeSchema,
  IdParamsSchema,
  LastBulkChangeSchema,
  envelope,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../../plugins/admin-guard.js'
import { actorOf } from '../../audit/index.js'
import type { ProductsBulkEdit } from './bulk-edit.service.js'

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
}
const security = [{ bearerAuth: [] }]
const tags = ['admin']

/** Many products at once from the admin list (issue 37, decision 291): preview, apply, one undo. */
export const bulkEditRoutes: FastifyPluginAsyncZod<{
  bulkEdit: ProductsBulkEdit
  requireAdmin: AdminGuard
}> = async (app, { bulkEdit, requireAdmin }) => {
  app.addHook('onRequest', requireAdmin)

  app.post(
    '/admin/products/bulk/preview',
    {
      // Writes nothing: what the change would do, product by product.
      config: { readByPost: true },
      schema: {
        tags,
        summary:
          'What a bulk change of prices, counts, a category or visibility would do, product by product (admin)',
        security,
        body: BulkEditRequestSchema,
        response: { 200: envelope(BulkEditOutcomeSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await bulkEdit.preview(request.body) }),
  )
  app.post(
    '/admin/products/bulk',
    {
      schema: {
        tags,
        summary: 'Apply a bulk change to every chosen product or to none (admin)',
        security,
        body: BulkEditRequestSchema,
        response: { 200: envelope(BulkEditOutcomeSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await bulkEdit.apply(request.body, actorOf(request)),
    }),
  )
  app.get(
    '/admin/products/bulk/latest',
    {
      schema: {
        tags,
        summary: 'The latest bulk change, which one undo can take back; null when none (admin)',
        security,
        response: { 200: envelope(LastBulkChangeSchema.nullable()), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { success: true as const, data: await bulkEdit.last() }
    },
  )
  app.post(
    '/admin/products/bulk/:id/undo',
    {
      schema: {
        tags,
        summary: 'Undo the latest bulk change, keeping values changed since (admin)',
        security,
        params: IdParamsSchema,
        response: { 200: envelope(BulkUndoOutcomeSchema), 409: ErrorEnvelopeSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await bulkEdit.undo(request.params.id, actorOf(request)),
    }),
  )
}
