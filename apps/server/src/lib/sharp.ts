import { onFirstUse } from './on-first-use.js'

/**
 * sharp (libvips) for the few moments that draw pictures: an admin's upload and a first
 * seed. Loaded then, not at every start (docs/decisions/165).
 *
 * Without libvips's cache (decision 287): it kept up to 100 operations and 50 MB of their
 * images for a repeat that never comes (each upload is a new picture), and with it 30 uploads
 * of a 6-megapixel photo left the process 305 MB resident after a collection, against 224 MB
 * without. One thread per image, as sharp already chooses on glibc's Linux, said here for
 * every other platform too: an upload is rare, and its memory counts more than its speed.
 */
export const loadSharp = onFirstUse(async () => {
  const sharp = (await import('sharp')).default
  sharp.cache(false)
  sharp.concurrency(1)
  return sharp
})
