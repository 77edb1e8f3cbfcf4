import { z } from 'zod'

/**
 * An image address: absolute http(s) URL (object storage, CDN) or a path on
 * this server (`/uploads/...`), so the embedded store works behind any host name.
 */
export const ImageUrlSchema = z
  .string({ error: 'validation.imageRequired' })
  // Nothing uploaded yet is a missing image, not a malformed address.
  .min(1, { error: 'validation.imageRequired', abort: true })
  .refine(
    (value) => {
      if (/^\/(?!\/)\S+$/.test(value)) return true
      try {
        const url = new URL(value)
        return url.protocol === 'http:' || url.protocol === 'https:'
      } catch {
        return false
      }
    },
    { error: 'validation.invalidImageUrl' },
  )
