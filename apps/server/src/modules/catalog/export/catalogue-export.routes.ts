import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CatalogueExportQuerySchema, ErrorEnvelopeSchema } from '@tavlin/contracts'
import { attachment } from '../../../lib/content-disposition.js'
import type { AdminGuard } from '../../../plugins/admin-guard.js'
import type { CatalogContents } from '../catalog-contents.js'
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, exportCatalogue } from './catalogue-export.js'

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema }

/** The admin's "ייצוא הקטלוג" (issue 37): the whole catalogue as a workbook, or a kind as CSV. */
export const catalogueExportRoutes: FastifyPluginAsyncZod<{
  contents: CatalogContents
  requireAdmin: AdminGuard
}> = async (app, { contents, requireAdmin }) => {
  app.addHook('onRequest', requireAdmin)

  app.get(
    '/admin/catalogue/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'The catalogue as an XLSX workbook (a sheet per kind) or one kind as CSV (admin)',
        security: [{ bearerAuth: [] }],
        querystring: CatalogueExportQuerySchema,
        produces: [XLSX_CONTENT_TYPE, 'text/csv'],
        // A file, sent as it is: typed as unknown, as Fastify sends a buffer without serialising.
        response: { 200: z.unknown().describe(`${XLSX_CONTENT_TYPE} or ${CSV_CONTENT_TYPE}`), ...errors },
      },
    },
    async (request, reply) => {
      const file = await exportCatalogue(contents, request.query, new Date())
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachment(file.fileName, file.hebrewFileName))
        .header('cache-control', 'no-store')
        .send(file.body)
    },
  )
}
