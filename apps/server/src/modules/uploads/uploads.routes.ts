import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BatchUploadResultSchema,
  ErrorEnvelopeSchema,
  SingleUploadResultSchema,
  UPLOAD_LIMITS,
  UploadQuerySchema,
  envelope,
  isValidText,
} from '@tavlin/contracts'
import { AppError, invalidTextIn } from '../../lib/errors.js'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { tooManyFiles, type UploadedFile, type UploadsService } from './uploads.service.js'

const MAX_FILE_BYTES = UPLOAD_LIMITS.maxFileSizeMb * 1024 * 1024

export const uploadsRoutes: FastifyPluginAsyncZod<{
  uploads: UploadsService
  requireAdmin: AdminGuard
}> = async (app, { uploads, requireAdmin }) => {
  // Only this scope parses multipart; the files limit is one above the allowed count so
  // that "too many" is seen (busboy stops at the limit) and answered as a whole request.
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: UPLOAD_LIMITS.maxFiles + 1, fields: 20, parts: 40 },
    throwFileSizeLimit: false,
  })

  app.post(
    '/upload/images',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['uploads'],
        summary:
          'Upload images (admin): field `file` → { url }; repeated field `files` → per-file results. ' +
          'Re-encoded to WebP in every width of IMAGE_WIDTHS; the url is the 640 one.',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        querystring: UploadQuerySchema,
        response: {
          200: envelope(z.union([SingleUploadResultSchema, BatchUploadResultSchema])),
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          413: ErrorEnvelopeSchema,
          415: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { single, batch } = await readFiles(request)
      const { folder } = request.query
      if (batch.length > 0)
        return { success: true as const, data: await uploads.uploadMany(folder, [...single, ...batch]) }
      return { success: true as const, data: await uploads.uploadOne(folder, single[0]!) }
    },
  )
}

/**
 * Reads every file part into memory (at most 10 × 5 MB), so a request with too many
 * files is refused before any of them is stored. A part beyond the size limit is kept
 * as "too large" rather than failing the request: in a batch it is one failure of many.
 */
export async function readFiles(
  request: FastifyRequest,
): Promise<{ single: UploadedFile[]; batch: UploadedFile[] }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the images as multipart/form-data', [
      { field: 'body', message: 'upload.errors.invalidFileType' },
    ])
  }
  const single: UploadedFile[] = []
  const batch: UploadedFile[] = []
  try {
    for await (const part of request.parts()) {
      // Multipart never passes the edge's text check (the body is a stream): the same rule here.
      if (!isValidText(part.fieldname)) throw invalidTextIn('body', [part.fieldname])
      if (part.type !== 'file') continue
      if (!isValidText(part.filename)) throw invalidTextIn('body', [part.fieldname, 'filename'])
      if (part.fieldname !== 'file' && part.fieldname !== 'files') {
        part.file.resume()
        continue
      }
      const chunks: Buffer[] = []
      for await (const chunk of part.file) chunks.push(chunk as Buffer)
      const file = {
        originalName: part.filename,
        data: Buffer.concat(chunks),
        isTooLarge: part.file.truncated,
      }
      ;(part.fieldname === 'file' ? single : batch).push(file)
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw tooManyFiles(UPLOAD_LIMITS.maxFiles)
    if (error instanceof AppError) throw error
    const status = (error as { statusCode?: number }).statusCode
    if (status && status >= 400 && status < 500) throw error
    // A body that ends inside a part ("Unexpected end of form") or is not multipart at all.
    // Nothing has been stored yet: every file is read in full before any is written.
    throw new AppError('VALIDATION_ERROR', 'The multipart body is incomplete or malformed', [
      { field: 'body', message: 'upload.errors.incomplete' },
    ])
  }
  const total = single.length + batch.length
  if (total === 0) {
    throw new AppError('VALIDATION_ERROR', 'No image was sent (field "file" or "files")', [
      { field: 'file', message: 'validation.required' },
    ])
  }
  if (total > UPLOAD_LIMITS.maxFiles || (batch.length === 0 && single.length > 1)) {
    throw tooManyFiles(batch.length === 0 ? 1 : UPLOAD_LIMITS.maxFiles)
  }
  return { single, batch }
}
