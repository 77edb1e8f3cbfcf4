import type { Metadata, OutputInfo } from 'sharp'
import { IMAGE_WIDTHS, type ImageWidth, type UploadErrorKey } from '@tavlin/contracts'
import { loadSharp } from '../../lib/sharp.js'

/**
 * Refusals of one file. `key` is the translation key the admin area shows;
 * `code` decides the HTTP status when the file was sent alone.
 */
export type ImageRejection = {
  code: 'VALIDATION_ERROR' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE'
  key: UploadErrorKey
  message: string
}

export class ImageRejectedError extends Error {
  constructor(readonly rejection: ImageRejection) {
    super(rejection.message)
    this.name = 'ImageRejectedError'
  }
}

/**
 * Above any photo a 5 MB upload honestly holds (a 50-megapixel camera), far below
 * what a decompression bomb claims: its header is read before any pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 50_000_000

export const REJECTIONS = {
  empty: { code: 'VALIDATION_ERROR', key: 'upload.errors.emptyFile', message: 'The file is empty' },
  type: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    key: 'upload.errors.invalidFileType',
    message: 'Only JPEG, PNG, GIF and WebP images are accepted',
  },
  tooLarge: {
    code: 'PAYLOAD_TOO_LARGE',
    key: 'upload.errors.fileTooLarge',
    message: 'The file is larger than the limit',
  },
  corrupt: {
    code: 'VALIDATION_ERROR',
    key: 'upload.errors.corruptImage',
    message: 'The image is damaged or incomplete',
  },
  pixels: {
    code: 'VALIDATION_ERROR',
    key: 'upload.errors.imageDimensionsTooLarge',
    message: `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
  },
} as const satisfies Record<string, ImageRejection>

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp'

/** The type by the file's first bytes; the name and the browser's claimed type are ignored. */
export function sniffImageKind(data: Buffer): ImageKind | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg'
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png'
  if (data.length >= 6 && ['GIF87a', 'GIF89a'].includes(data.subarray(0, 6).toString('latin1'))) return 'gif'
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp'
  }
  return null
}

const LARGEST = Math.max(...IMAGE_WIDTHS)

/**
 * Checks an upload and re-encodes it as WebP in every width of IMAGE_WIDTHS. Decoding
 * and re-encoding keeps only the pixels: metadata (EXIF, GPS) and anything appended or
 * hidden in the file are dropped. The orientation is applied first, so photos stay upright.
 * Throws ImageRejectedError; nothing is written here.
 */
export async function encodeImage(data: Buffer): Promise<Array<{ width: ImageWidth; body: Buffer }>> {
  if (data.length === 0) throw new ImageRejectedError(REJECTIONS.empty)
  const kind = sniffImageKind(data)
  if (!kind) throw new ImageRejectedError(REJECTIONS.type)

  const sharp = await loadSharp()
  let metadata: Metadata
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata()
  } catch {
    throw new ImageRejectedError(REJECTIONS.corrupt)
  }
  if (metadata.format !== kind || !metadata.width || !metadata.height)
    throw new ImageRejectedError(REJECTIONS.corrupt)
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new ImageRejectedError(REJECTIONS.pixels)

  let decoded: { data: Buffer; info: OutputInfo }
  try {
    // One full decode (which also finds truncated data), then cheap resizes of the bitmap.
    decoded = await sharp(data, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: LARGEST, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw new ImageRejectedError(REJECTIONS.corrupt)
  }
  const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels }
  return Promise.all(
    IMAGE_WIDTHS.map(async (width) => ({
      width,
      body: await sharp(decoded.data, { raw })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    })),
  )
}
