import { describe, expect, it } from 'vitest'
import { coalescedRead } from './coalesced-read.js'

function controlledSource() {
  const started: Array<{ value: number; resolve: () => void; reject: (e: Error) => void }> = []
  let value = 0
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const seen = value
      started.push({ value: seen, resolve: () => resolve(seen), reject })
    })
  return { started, read, write: () => void value++ }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('coalescedRead', () => {
  it('shares one read among callers that arrive while another is in flight', async () => {
    const source = controlledSource()
    const get = coalescedRead(source.read)
    const first = get()
    const others = [get(), get(), get()]
    expect(source.started).toHaveLength(1)
    source.started[0]!.resolve()
    await tick()
    expect(source.started).toHaveLength(2)
    source.started[1]!.resolve()
    expect(await first).toBe(0)
    expect(await Promise.all(others)).toEqual([0, 0, 0])
  })

  it('never answers a caller with a read that started before it asked', async () => {
    const source = controlledSource()
    const get = coalescedRead(source.read)
    const early = get()
    source.write() // committed after the first read began, before the late caller asks
    const late = get()
    source.started[0]!.resolve()
    await tick()
    source.started[1]!.resolve()
    expect(await early).toBe(0)
    expect(await late).toBe(1)
  })

  it('recovers after a failed read', async () => {
    const source = controlledSource()
    const get = coalescedRead(source.read)
    const failing = get()
    const next = get()
    source.started[0]!.reject(new Error('gone'))
    await expect(failing).rejects.toThrow('gone')
    await tick()
    source.started[1]!.resolve()
    expect(await next).toBe(0)
    const again = get()
    expect(source.started).toHaveLength(3)
    source.started[2]!.resolve()
    expect(await again).toBe(0)
  })
})
