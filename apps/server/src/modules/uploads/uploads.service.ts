import crypto from 'node:crypto'
import type { BatchUploadResult, SingleUploadResult, UploadErrorKey, UploadFolder } from '@tavlin/contracts'
import { AppError } from '../../lib/errors.js'
import type { Logger } from '../../lib/logger.js'
import { encodeImage, ImageRejectedError, REJECTIONS, type ImageRejection } from './image-processing.js'
import type { ImageStorage } from './image-storage.js'
import type { UploadRow, UploadsRepository } from './uploads.repository.js'
import { JOB_HOLDER } from '../../lib/job-holder.js'

/** One file as the multipart parser read it, within the size limit or marked as beyond it. */
export type UploadedFile = { originalName: string; data: Buffer; isTooLarge: boolean }

/** The entity keeps the 640 one; `imageSrcSet` derives the others from its name. */
const STORED_WIDTH = 640

/**
 * An upload no entity uses is kept this long before the sweep removes it: the admin
 * uploads first and saves the form later, and may leave a form open for a while.
 */
export const UNATTACHED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000
const SWEEP_PAGE_SIZE = 200

/**
 * Of `urls`, those some product, recipe or package uses as its image. Given by the
 * catalogue (app.ts), so this module never reads the catalogue's tables.
 */
export type ImagesInUse = (urls: readonly string[]) => Promise<Set<string>>

/**
 * What the catalogue services call after a write: the images an entity no longer uses
 * (the old one of an update, the one of a deleted entity). Never throws.
 */
export type ImageRelease = { release(urls: readonly string[]): Promise<void> }

function toAppError(rejection: ImageRejection, field: string): AppError {
  return new AppError(rejection.code, rejection.message, [{ field, message: rejection.key }])
}

type UploadsDeps = {
  storage: ImageStorage
  repository: UploadsRepository
  imagesInUse: ImagesInUse
  log: Logger
}

export function createUploadsService(deps: UploadsDeps) {
  const { repository, log } = deps
  const { store, removeUploads, unused } = uploadSteps(deps)

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

    /** Whether `url` is an image this pipeline stored in `folder` (a review's photo must be one). */
    async isUploadIn(url: string, folder: UploadFolder): Promise<boolean> {
      const [row] = await repository.findByUrls([url])
      return row?.folder === folder
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

    /**
     * Removes the uploads among `urls` that no entity uses any more. Addresses that are
     * not uploads (the seed's drawings, an outside URL) are left alone. The check runs
     * after the caller's write has committed; an error is logged, never thrown, since
     * the write itself succeeded (the sweep retries what is left).
     */
    async release(urls: readonly string[]): Promise<void> {
      const candidates = [...new Set(urls)].filter((url) => url.length > 0)
      if (candidates.length === 0) return
      try {
        await removeUploads(await unused(await repository.findByUrls(candidates)))
      } catch (error) {
        log.warn({ err: error, urls: candidates }, 'releasing images failed')
      }
    },

    /**
     * The periodic sweep: removes uploads older than the grace period that no entity
     * uses — uploads never saved with a form, and releases that failed. One process at
     * a time (job_runs).
     */
    async sweepUnused(now = new Date()) {
      return repository.runExclusive('sweep-uploads', { holder: JOB_HOLDER, leaseSeconds: 300 }, async () => {
        const before = new Date(now.getTime() - UNATTACHED_UPLOAD_GRACE_MS)
        const outcome = { checked: 0, removed: 0, errors: 0 }
        let afterId: string | null = null
        for (;;) {
          const page = await repository.findOlderThan(before, afterId, SWEEP_PAGE_SIZE)
          if (page.length === 0) break
          outcome.checked += page.length
          const { removed, errors } = await removeUploads(await unused(page))
          outcome.removed += removed
          outcome.errors += errors
          afterId = page.at(-1)!.id
        }
        return outcome
      })
    },
  }
}
export type UploadsService = ReturnType<typeof createUploadsService>

/** Storing one upload and removing unused ones: the steps the service's operations share. */
function uploadSteps(deps: UploadsDeps) {
  const { storage, repository, imagesInUse, log } = deps

  /**
   * Encodes, records the upload, then stores every width; if storing fails half-way the
   * stored widths and the record are removed. Recorded first, so no stored file is ever
   * without the row that lets the sweep find it.
   */
  async function store(folder: UploadFolder, file: UploadedFile): Promise<string> {
    if (file.isTooLarge) throw new ImageRejectedError(REJECTIONS.tooLarge)
    const variants = await encodeImage(file.data)
    const id = crypto.randomBytes(16).toString('hex')
    const keyOf = (width: number) => `${folder}/${id}-${width}.webp`
    const url = storage.urlOf(keyOf(STORED_WIDTH))
    await repository.insert({ id, folder, url, keys: variants.map((variant) => keyOf(variant.width)) })
    const stored: string[] = []
    try {
      for (const variant of variants) {
        await storage.put(keyOf(variant.width), variant.body, 'image/webp')
        stored.push(keyOf(variant.width))
      }
    } catch (error) {
      await Promise.allSettled(stored.map((key) => storage.delete(key)))
      await repository.remove(id).catch(() => {})
      throw error
    }
    log.info({ folder, id, originalName: file.originalName, bytes: file.data.length }, 'image uploaded')
    return url
  }

  /**
   * Deletes every width of each upload, then its record. A failure leaves the record,
   * so the next sweep tries again.
   */
  async function removeUploads(rows: readonly UploadRow[]): Promise<{ removed: number; errors: number }> {
    let removed = 0
    let errors = 0
    for (const row of rows) {
      try {
        await Promise.all(row.keys.map((key) => storage.delete(key)))
        await repository.remove(row.id)
        removed += 1
        log.info({ id: row.id, url: row.url }, 'unused image removed')
      } catch (error) {
        errors += 1
        log.warn({ err: error, id: row.id, url: row.url }, 'unused image could not be removed')
      }
    }
    return { removed, errors }
  }

  /** Of `rows`, those whose url no entity uses. */
  async function unused(rows: readonly UploadRow[]): Promise<UploadRow[]> {
    if (rows.length === 0) return []
    const inUse = await imagesInUse(rows.map((row) => row.url))
    return rows.filter((row) => !inUse.has(row.url))
  }

  return { store, removeUploads, unused }
}

/** Too many files in one request (spec §5): refused as a whole, before anything is stored. */
export function tooManyFiles(max: number): AppError {
  return new AppError('VALIDATION_ERROR', `Too many files (at most ${max})`, [
    { field: 'files', message: 'upload.errors.tooManyFiles' },
  ])
}
