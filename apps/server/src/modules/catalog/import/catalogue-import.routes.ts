import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import {
  CatalogueImportQuerySchema,
  CatalogueImportReportSchema,
  ErrorEnvelopeSchema,
  envelope,
} from '@tavlin/contracts'
import { AppError } from '../../../lib/errors.js'
import { actorOf } from '../../audit/index.js'
import type { AdminGuard } from '../../../plugins/admin-guard.js'
import type { CatalogueImport } from './catalogue-import.js'
import { IMPORT_LIMITS } from './import-file.js'

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  413: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
}

/** A little above the file's limit, so the import's own Hebrew refusal answers a file just over it. */
const BODY_LIMIT = IMPORT_LIMITS.bytes + 1024 * 1024

async function fileOf(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file') continue
      const chunks: Buffer[] = []
      for await (const chunk of part.file) chunks.push(chunk as Buffer)
      if (part.file.truncated) break
      return Buffer.concat(chunks)
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    const status = (error as { statusCode?: number }).statusCode
    if (status && status >= 400 && status < 500) throw error
    // A body that ends inside a part ("Unexpected end of form"): nothing was read, nothing applied.
    throw new AppError('VALIDATION_ERROR', 'The multipart body is incomplete or malformed', [
      { field: 'body', message: 'validation.catalogueImport.file' },
    ])
  }
  throw new AppError('VALIDATION_ERROR', 'Send the file as the body, or as the multipart field "file"', [
    { field: 'body', message: 'validation.catalogueImport.file' },
  ])
}

/**
 * The admin's "ייבוא" (issue 37): the file as the raw body (CSV or XLSX) or as the multipart
 * field `file`. `dryRun=true` (the default) reports; `dryRun=false` applies, all or nothing.
 */
export const catalogueImportRoutes: FastifyPluginAsyncZod<{
  importer: CatalogueImport
  requireAdmin: AdminGuard
}> = async (app, { importer, requireAdmin }) => {
  app.addHook('onRequest', requireAdmin)
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.bytes + 1, files: 1, fields: 5, parts: 10 },
  })
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  )

  app.post(
    '/admin/catalogue/import',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary:
          'Import products from our export (CSV/XLSX), a WooCommerce or a Shopify product CSV (admin): ' +
          'dryRun=true reports what would change; dryRun=false applies all or nothing',
        security: [{ bearerAuth: [] }],
        consumes: [
          'text/csv',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'application/octet-stream',
          'multipart/form-data',
        ],
        querystring: CatalogueImportQuerySchema,
        response: { 200: envelope(CatalogueImportReportSchema), ...errors },
      },
    },
    async (request) => {
      const bytes = await fileOf(request)
      const { dryRun, map } = request.query
      const data = dryRun
        ? await importer.dryRun(bytes, { map })
        : await importer.apply(bytes, { map }, actorOf(request))
      return { success: true as const, data }
    },
  )
}
