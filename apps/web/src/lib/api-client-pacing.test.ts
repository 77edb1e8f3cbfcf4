import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { fakeFetch, json, ok } from '../testing/fake-fetch'
import { createApiClient } from './api-client'

const ItemSchema = z.object({ _id: z.string(), name: z.string() })

// Spec §9's pacing: at least 100 ms between requests, and 429s retried after 1, 2 and 4 s.
describe('api client pacing', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps at least 100 ms between consecutive requests', async () => {
    const { fetch, calls } = fakeFetch(ok(null), ok(null), ok(null))
    const client = createApiClient({ fetch })
    const all = Promise.all([
      client.get('/a', z.null()),
      client.get('/b', z.null()),
      client.get('/c', z.null()),
    ])
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(99)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(100)
    await all
    const starts = calls.map((call) => call.at - calls[0]!.at)
    expect(starts).toEqual([0, 100, 200])
  })

  it('never sends a request cancelled while it waited for its turn', async () => {
    const { fetch, calls } = fakeFetch(ok(null), ok(null))
    const client = createApiClient({ fetch })
    const first = client.get('/a', z.null())
    const controller = new AbortController()
    const second = client.get('/b', z.null(), { signal: controller.signal })
    const rejected = expect(second).rejects.toMatchObject({ name: 'AbortError' })
    controller.abort()
    await vi.advanceTimersByTimeAsync(100)
    await first
    await rejected
    expect(calls.map((call) => call.url)).toEqual(['/api/a'])
  })

  it('waits at most one interval after the clock was set back', async () => {
    let clock = 1_000_000
    const { fetch, calls } = fakeFetch(ok(null), ok(null))
    const client = createApiClient({ fetch, now: () => clock })
    await client.get('/a', z.null())
    clock -= 60_000
    const second = client.get('/b', z.null())
    await vi.advanceTimersByTimeAsync(100)
    await second
    expect(calls).toHaveLength(2)
  })

  it('retries a 429 three times after 1, 2 and 4 s', async () => {
    const tooMany = () =>
      json({ success: false, code: 'RATE_LIMITED', message: 'Slow down' }, { status: 429 })
    const { fetch, calls } = fakeFetch(tooMany(), tooMany(), tooMany(), ok({ _id: 'a', name: 'b' }))
    const result = createApiClient({ fetch }).get('/products/a', ItemSchema)
    await vi.advanceTimersByTimeAsync(7_000)
    await expect(result).resolves.toEqual({ _id: 'a', name: 'b' })
    expect(calls.map((call) => call.at - calls[0]!.at)).toEqual([0, 1_000, 3_000, 7_000])
  })

  it('gives up after the third 429 retry with a RATE_LIMITED error', async () => {
    const tooMany = () =>
      json({ success: false, code: 'RATE_LIMITED', message: 'Slow down' }, { status: 429 })
    const { fetch, calls } = fakeFetch(tooMany(), tooMany(), tooMany(), tooMany(), ok(null))
    const result = createApiClient({ fetch })
      .get('/x', z.unknown())
      .catch((e) => e)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await result).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
    expect(calls).toHaveLength(4)
  })

  it('fails a 429 at once when the caller opts out of retries', async () => {
    const tooMany = () =>
      json({ success: false, code: 'RATE_LIMITED', message: 'Slow down' }, { status: 429 })
    const { fetch, calls } = fakeFetch(tooMany(), ok(null))
    const result = createApiClient({ fetch })
      .post('/x', z.unknown(), {}, { retryRateLimited: false })
      .catch((e) => e)
    await vi.advanceTimersByTimeAsync(0)
    expect(await result).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
    expect(calls).toHaveLength(1)
  })

  it('waits as long as Retry-After asks instead of the default back-off', async () => {
    const { fetch, calls } = fakeFetch(
      json(
        { success: false, code: 'RATE_LIMITED', message: 'Slow down' },
        { status: 429, headers: { 'Retry-After': '3' } },
      ),
      ok(null),
    )
    const result = createApiClient({ fetch }).get('/x', z.null())
    await vi.advanceTimersByTimeAsync(2_999)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await result
    expect(calls).toHaveLength(2)
  })

  it('waits at most 30 s however long Retry-After asks (decision 251)', async () => {
    const { fetch, calls } = fakeFetch(
      json(
        { success: false, code: 'RATE_LIMITED', message: 'Slow down' },
        { status: 429, headers: { 'Retry-After': '600' } },
      ),
      ok(null),
    )
    const result = createApiClient({ fetch }).get('/x', z.null())
    await vi.advanceTimersByTimeAsync(29_999)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await result
    expect(calls.map((call) => call.at - calls[0]!.at)).toEqual([0, 30_000])
  })
})
