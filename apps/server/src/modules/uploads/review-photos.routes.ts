import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import {
  ErrorEnvelopeSchema,
  REVIEW_LIMITS,
  REVIEW_LINK_HEADER,
  REVIEW_UPLOAD_FOLDER,
  SingleUploadResultSchema,
  UPLOAD_LIMITS,
  envelope,
} from '@tavlin/contracts'
import { registerRouteRateLimit } from '../../plugins/route-rate-limit.js'
import { tooManyFiles, type UploadsService } from './uploads.service.js'
import { readFiles } from './uploads.routes.js'

/**
 * A buyer's review photo (issue 36): the same pipeline as the admin's images — type checked by
 * content, re-encoded to WebP, metadata stripped — into the `reviews` folder. Who may send one
 * is the reviews' rule (`authorize`: a usable e-mailed link, or a signed-in buyer); an upload no
 * review uses is swept like any other.
 */
export const reviewPhotosRoutes: FastifyPluginAsyncZod<{
  uploads: UploadsService
  authorize: (request: FastifyRequest) => Promise<void>
  redis: Redis | null
}> = async (app, { uploads, authorize, redis }) => {
  await registerRouteRateLimit(app, redis, 'tavlin:rate-limit:review-photos:')
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.maxFileSizeMb * 1024 * 1024, files: 2, fields: 5, parts: 10 },
    throwFileSizeLimit: false,
  })
  app.post(
    '/reviews/photos',
    {
      config: { rateLimit: { max: REVIEW_LIMITS.perHour, timeWindow: 3_600_000 } },
      onRequest: authorize,
      schema: {
        tags: ['reviews'],
        summary:
          `A review's photo (field \`file\`): a signed-in buyer (bearer token) or the e-mailed link's token in the \`${REVIEW_LINK_HEADER}\` header. ` +
          'Re-encoded to WebP without metadata; answers { url } for the review.',
        consumes: ['multipart/form-data'],
        response: {
          200: envelope(SingleUploadResultSchema),
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          410: ErrorEnvelopeSchema,
          413: ErrorEnvelopeSchema,
          415: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { single, batch } = await readFiles(request)
      if (batch.length > 0) throw tooManyFiles(1)
      return { success: true as const, data: await uploads.uploadOne(REVIEW_UPLOAD_FOLDER, single[0]!) }
    },
  )
}
