import { z } from 'zod'

/** Spec §5 and §9: the upload control's limits, shared by the control and the server. */
export const UPLOAD_LIMITS = {
  maxFileSizeMb: 5,
  maxFiles: 10,
  acceptedExtensions: ['jpeg', 'jpg', 'png', 'gif', 'webp'],
  acceptedMimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
} as const

/**
 * Spec §7: the folders are packages, products and recipes; a call that names none goes
 * to the tenant's general uploads folder.
 */
export const UPLOAD_DEFAULT_FOLDER = 'tenant-uploads'
export const UPLOAD_FOLDERS = ['products', 'recipes', 'packages', UPLOAD_DEFAULT_FOLDER] as const
/** Buyers' review photos (issue 36): stored only through POST /api/reviews/photos. */
export const REVIEW_UPLOAD_FOLDER = 'reviews'
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number] | typeof REVIEW_UPLOAD_FOLDER

export const UploadQuerySchema = z.object({
  folder: z.enum(UPLOAD_FOLDERS).default(UPLOAD_DEFAULT_FOLDER),
})

/** One file sent as the multipart field `file`. */
export const SingleUploadResultSchema = z.object({ url: z.string() })
export type SingleUploadResult = z.infer<typeof SingleUploadResultSchema>

/** Several files sent as the repeated multipart field `files`. */
export const BatchUploadResultSchema = z.object({
  successful: z.array(z.object({ url: z.string(), originalName: z.string() })),
  failed: z.array(z.object({ error: z.string(), originalName: z.string() })),
  total: z.number().int(),
  successCount: z.number().int(),
  failureCount: z.number().int(),
})
export type BatchUploadResult = z.infer<typeof BatchUploadResultSchema>

/**
 * Why the server refused a file: the batch result's `failed[].error`, and
 * `details[0].message` of a single upload's error. Translation keys for the admin area.
 */
export const UPLOAD_ERROR_KEYS = [
  'upload.errors.invalidFileType',
  'upload.errors.fileTooLarge',
  'upload.errors.emptyFile',
  'upload.errors.corruptImage',
  'upload.errors.imageDimensionsTooLarge',
  'upload.errors.tooManyFiles',
  'upload.errors.uploadFailed',
] as const
export type UploadErrorKey = (typeof UPLOAD_ERROR_KEYS)[number]
