import { describe, expect, it } from 'vitest'
import { onFirstUse } from './on-first-use.js'

describe('onFirstUse', () => {
  it('loads once, on the first call, and concurrent first calls share that load', async () => {
    let loads = 0
    const load = onFirstUse(async () => {
      loads += 1
      await new Promise((resolve) => setTimeout(resolve, 5))
      return { loaded: loads }
    })
    expect(loads).toBe(0)
    const [first, second] = await Promise.all([load(), load()])
    expect(first).toBe(second)
    expect(await load()).toBe(first)
    expect(loads).toBe(1)
  })

  it('tries again after a failure instead of keeping it', async () => {
    let attempts = 0
    const load = onFirstUse(async () => {
      attempts += 1
      if (attempts === 1) throw new Error('disk full')
      return 'ready'
    })
    await expect(load()).rejects.toThrow('disk full')
    expect(await load()).toBe('ready')
    expect(attempts).toBe(2)
  })
})
