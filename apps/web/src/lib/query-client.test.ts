import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { cachePresets, createQueryClient, isRetryable, retryDelay } from './query-client'

const apiError = (status: number) => new ApiError({ status, code: 'INTERNAL_ERROR', message: 'x' })
const MINUTE = 60_000

describe('query client defaults', () => {
  it('keeps data fresh 5 min and cached 30 min', () => {
    const { queries } = createQueryClient().getDefaultOptions()
    expect(queries?.staleTime).toBe(5 * MINUTE)
    expect(queries?.gcTime).toBe(30 * MINUTE)
  })

  it('retries queries 3 times and mutations once', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions()
    const retryQuery = queries?.retry as (count: number, error: unknown) => boolean
    const retryMutation = mutations?.retry as (count: number, error: unknown) => boolean
    expect([0, 1, 2, 3].map((count) => retryQuery(count, apiError(500)))).toEqual([true, true, true, false])
    expect([0, 1].map((count) => retryMutation(count, apiError(503)))).toEqual([true, false])
  })

  it('does not retry client errors other than 408 and 429', () => {
    expect([400, 401, 403, 404, 409, 422].some((status) => isRetryable(apiError(status)))).toBe(false)
    expect([408, 429, 500, 502, 0].every((status) => isRetryable(apiError(status)))).toBe(true)
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true)
  })

  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })

  it('exposes the cache-time presets of spec §9', () => {
    expect(cachePresets.list).toMatchObject({ staleTime: 5 * MINUTE, gcTime: 20 * MINUTE })
    expect(cachePresets.detail).toMatchObject({ staleTime: 10 * MINUTE, gcTime: 30 * MINUTE })
    expect(cachePresets.related).toMatchObject({ staleTime: 8 * MINUTE, gcTime: 25 * MINUTE })
    expect(cachePresets.random).toMatchObject({ staleTime: 15 * MINUTE, gcTime: 60 * MINUTE })
    expect(cachePresets.cartDetails).toMatchObject({
      staleTime: 10 * MINUTE,
      gcTime: 30 * MINUTE,
      refetchOnWindowFocus: false,
    })
    for (const preset of [cachePresets.random, cachePresets.cartDetails]) {
      expect([preset.retry(0, apiError(500)), preset.retry(1, apiError(500))]).toEqual([true, false])
    }
  })
})
