import { describe, expect, it } from 'vitest'
import type { ListenHandlers } from '../../db/client.js'
import { CATALOG_VERSION_CHANNEL, createCatalogVersion } from './catalog-version.js'

/** A version row and a clock the test moves; the notifications are the test's to send. */
function fakeDatabase() {
  const state = { stored: 1, reads: 0, clock: 0, handlers: undefined as ListenHandlers | undefined }
  return {
    state,
    options: {
      read: async () => {
        state.reads += 1
        return state.stored
      },
      listen: async (channel: string, handlers: ListenHandlers) => {
        expect(channel).toBe(CATALOG_VERSION_CHANNEL)
        state.handlers = handlers
        handlers.onConnect()
        return async () => {}
      },
      // No periodic check in these tests: they move the clock themselves.
      pollMs: 1_000_000,
      maxAgeMs: 1000,
      now: () => state.clock,
    },
  }
}

describe('the catalogue version kept in memory', () => {
  it('answers from memory within the bound, and reads again past it', async () => {
    const { state, options } = fakeDatabase()
    const version = await createCatalogVersion(options)
    expect(await version.current()).toBe(1)
    const reads = state.reads
    state.stored = 2 // committed, but its notification never came
    state.clock = 999
    expect(await version.current()).toBe(1)
    expect(state.reads).toBe(reads)
    state.clock = 1001
    expect(await version.current()).toBe(2)
    expect(state.reads).toBe(reads + 1)
    await version.stop()
  })

  it('takes a notified version without a read, and never goes back to an older one', async () => {
    const { state, options } = fakeDatabase()
    const version = await createCatalogVersion(options)
    const reads = state.reads
    state.handlers!.onMessage('7')
    expect(await version.current()).toBe(7)
    expect(state.reads).toBe(reads)
    // A read that began before the notification answers 1: the version stays 7.
    expect(await version.refresh()).toBe(7)
    state.handlers!.onMessage('not a number')
    expect(await version.current()).toBe(7)
    await version.stop()
  })

  it('reads the version again when the LISTEN connection comes back', async () => {
    const { state, options } = fakeDatabase()
    const version = await createCatalogVersion(options)
    state.stored = 3
    state.handlers!.onConnect()
    await expect.poll(() => version.current()).toBe(3)
    await version.stop()
  })
})
