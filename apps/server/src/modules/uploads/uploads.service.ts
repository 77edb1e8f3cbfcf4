import crypto from 'node:crypto'
import type { BatchUploadResult, SingleUploadResult, UploadErrorKey, UploadFolder } from '@tavlin/contracts'
import { AppError } from '../../lib/errors.js'
import type { Logger } from '../../lib/logger.js'
import { encodeImage, ImageRejectedError, REJECTIONS, type ImageRejection } from './image-processing.js'
import type { ImageStorage } from './image-storage.js'

/** One file as the multipart parser read it, within the size limit or marked as beyond it. */
export type UploadedFile = { originalName: string; data: Buffer; isTooLarge: boolean }

/** The entity keeps the 640 one; `imageSrcSet` derives the others from its name. */
const STORED_WIDTH = 640

function toAppError(rejection: ImageRejection, field: string): AppError {
  return new AppError(rejection.code, rejection.message, [{ field, message: rejection.key }])
}

export function createUploadsService(deps: { storage: ImageStorage; log: Logger }) {
  const { storage, log } = deps

  /** Encodes, then stores every width; if storing fails half-way the stored widths are removed. */
  async function store(folder: UploadFolder, file: UploadedFile): Promise<string> {
    if (file.isTooLarge) throw new ImageRejectedError(REJECTIONS.tooLarge)
    const variants = await encodeImage(file.data)
    const id = crypto.randomBytes(16).toString('hex')
    const stored: string[] = []
    let url: string | undefined
    try {
      for (const variant of variants) {
        const key = `${folder}/${id}-${variant.width}.webp`
        const address = await storage.put(key, variant.body, 'image/webp')
        stored.push(key)
        if (variant.width === STORED_WIDTH) url = address
      }
    } catch (error) {
      await Promise.allSettled(stored.map((key) => storage.delete(key)))
      throw error
    }
    log.info({ folder, id, originalName: file.originalName, bytes: file.data.length }, 'image uploaded')
    return url!
  }

  return {
    /** One image (field `file`): a refusal is the request's error status. */
    async uploadOne(folder: UploadFolder, file: UploadedFile): Promise<SingleUploadResult> {
      try {
        return { url: await store(folder, file) }
      } catch (error) {
        if (error instanceof ImageRejectedError) throw toAppError(error.rejection, 'file')
        log.error({ err: error, folder }, 'image storage failed')
        throw new AppError('SERVICE_UNAVAILABLE', 'The image could not be stored; please try again', [
          { field: 'file', message: 'upload.errors.uploadFailed' },
        ])
      }
    },

    /** Several images (field `files`): each succeeds or fails on its own; failures carry a translation key. */
    async uploadMany(folder: UploadFolder, files: UploadedFile[]): Promise<BatchUploadResult> {
      const result: BatchUploadResult = {
        successful: [],
        failed: [],
        total: files.length,
        successCount: 0,
        failureCount: 0,
      }
      // One at a time: sharp already uses every core for one image.
      for (const file of files) {
        try {
          result.successful.push({ url: await store(folder, file), originalName: file.originalName })
        } catch (error) {
          if (!(error instanceof ImageRejectedError))
            log.error({ err: error, folder }, 'image storage failed')
          const key: UploadErrorKey =
            error instanceof ImageRejectedError ? error.rejection.key : 'upload.errors.uploadFailed'
          result.failed.push({ error: key, originalName: file.originalName })
        }
      }
      result.successCount = result.successful.length
      result.failureCount = result.failed.length
      return result
    },
  }
}
export type UploadsService = ReturnType<typeof createUploadsService>

/** Too many files in one request (spec §5): refused as a whole, before anything is stored. */
export function tooManyFiles(max: number): AppError {
  return new AppError('VALIDATION_ERROR', `Too many files (at most ${max})`, [
    { field: 'files', message: 'upload.errors.tooManyFiles' },
  ])
}
