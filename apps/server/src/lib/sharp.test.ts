import { describe, expect, it } from 'vitest'
import { loadSharp } from './sharp.js'

describe('sharp as the server loads it (decision 287)', () => {
  it('keeps no images between uploads and draws with one thread', async () => {
    const sharp = await loadSharp()
    const cache = sharp.cache()
    expect(cache.memory.max).toBe(0)
    expect(cache.items.max).toBe(0)
    expect(cache.files.max).toBe(0)
    expect(sharp.concurrency()).toBe(1)
  })
})
