import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import firstPaintScript from '../../public/first-paint.js?raw'

describe('public/first-paint.js', () => {
  // Under the CSP, zod's `new Function` probe is reported as a violation (Lighthouse best practices).
  it('turns off zod’s compiled parsers, whether zod loads before or after it', () => {
    new Function(firstPaintScript)()
    expect(z.config().jitless).toBe(true)
    expect(z.object({ name: z.string() }).parse({ name: 'כמון' })).toEqual({ name: 'כמון' })
  })
})
