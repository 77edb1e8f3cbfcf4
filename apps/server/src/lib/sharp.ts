import { onFirstUse } from './on-first-use.js'

/**
 * sharp (libvips) for the few moments that draw pictures: an admin's upload and a first
 * seed. Loaded then, not at every start (docs/decisions/165).
 */
export const loadSharp = onFirstUse(async () => (await import('sharp')).default)
