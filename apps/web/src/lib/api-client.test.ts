import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ProductArrayShape, ProductPageShape, ProductShape } from '../api/catalog-shapes'
import { makeProduct } from '../testing/catalog-data'
import { fakeFetch, json, ok } from '../testing/fake-fetch'
import { ApiError, createApiClient } from './api-client'
import { productsApi } from '../api/products'

const ItemSchema = z.object({ _id: z.string(), name: z.string() })

describe('api client', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('calls /api with query parameters and returns the parsed envelope data', async () => {
    const { fetch, calls } = fakeFetch(ok({ _id: 'a1', name: 'כמון' }))
    const client = createApiClient({ fetch })
    const item = await client.get('/products/a1', ItemSchema, {
      query: { page: 2, category: undefined, filter: 'כמון' },
    })
    expect(item).toEqual({ _id: 'a1', name: 'כמון' })
    expect(calls[0]?.url).toBe(`/api/products/a1?page=2&filter=${encodeURIComponent('כמון')}`)
  })

  it('reads GET {base}/{id} as the envelope or as the bare entity with an _id (spec §7), nothing else', async () => {
    const { fetch } = fakeFetch(
      ok({ _id: 'a1', name: 'כמון' }),
      json({ _id: 'a1', name: 'כמון' }),
      json({ name: 'כמון' }),
      json([{ _id: 'a1', name: 'כמון' }]),
      json({ _id: 'a1', name: 'כמון' }),
    )
    const client = createApiClient({ fetch, minIntervalMs: 0 })
    const detail = () => client.get('/products/a1', ItemSchema, { acceptsBareEntity: true })
    await expect(detail()).resolves.toEqual({ _id: 'a1', name: 'כמון' })
    await expect(detail()).resolves.toEqual({ _id: 'a1', name: 'כמון' })
    await expect(detail()).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'Invalid response format',
    })
    await expect(detail()).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
    // Other calls still want the envelope.
    await expect(client.get('/products/a1', ItemSchema)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })

  it('fetches a product, recipe or package detail that the server sends bare', async () => {
    const product = makeProduct()
    const { fetch } = fakeFetch(json(product))
    vi.stubGlobal('fetch', fetch)
    await expect(productsApi.detail(product._id)).resolves.toMatchObject({
      _id: product._id,
      name: product.name,
    })
    vi.unstubAllGlobals()
  })

  it('downloads a file as a blob with the bearer token, and a 401 signs out before the error', async () => {
    const { fetch, calls } = fakeFetch(
      new Response('fullName,email\nדנה,d@example.com\n', { headers: { 'Content-Type': 'text/csv' } }),
      json({ success: false, code: 'UNAUTHORIZED', message: 'No token' }, { status: 401 }),
    )
    const client = createApiClient({ fetch })
    client.setAccessTokenProvider(() => 'tok-1')
    const onUnauthorized = vi.fn()
    client.setUnauthorizedHandler(onUnauthorized)

    const blob = await client.download('/users/form/newsletter/export.csv')
    expect(await blob.text()).toBe('fullName,email\nדנה,d@example.com\n')
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer tok-1')

    const failure = expect(client.download('/users/form/newsletter/export.csv')).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    })
    await vi.advanceTimersByTimeAsync(200)
    await failure
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('sends a JSON body', async () => {
    const { fetch, calls } = fakeFetch(ok({ _id: 'n1', name: 'x' }))
    await createApiClient({ fetch }).post('/users/form/newsletter', ItemSchema, { data: { fullName: 'דנה' } })
    const headers = new Headers(calls[0]?.init.headers)
    expect(calls[0]?.init.method).toBe('POST')
    expect(headers.get('Content-Type')).toBe('application/json')
    expect(calls[0]?.init.body).toBe(JSON.stringify({ data: { fullName: 'דנה' } }))
  })

  it("sends the caller's extra headers with every attempt", async () => {
    const { fetch, calls } = fakeFetch(ok({ _id: 'o1', name: 'x' }))
    await createApiClient({ fetch }).post(
      '/orders/generate-sale',
      ItemSchema,
      {},
      { headers: { 'Idempotency-Key': 'k-12345678' } },
    )
    expect(new Headers(calls[0]?.init.headers).get('Idempotency-Key')).toBe('k-12345678')
  })

  it('adds the bearer token only when the provider has one', async () => {
    const { fetch, calls } = fakeFetch(ok(null), ok(null))
    const client = createApiClient({ fetch })
    let token: string | undefined = undefined
    client.setAccessTokenProvider(() => token)
    await client.get('/orders', z.null())
    token = 'tok-123'
    await vi.advanceTimersByTimeAsync(100)
    await client.get('/orders', z.null())
    expect(new Headers(calls[0]?.init.headers).has('Authorization')).toBe(false)
    expect(new Headers(calls[1]?.init.headers).get('Authorization')).toBe('Bearer tok-123')
  })

  it('throws ApiError with status, code, message and details from the error envelope', async () => {
    const details = [{ field: 'email', message: 'footer.subscribe.errors.email' }]
    const { fetch } = fakeFetch(
      json({ success: false, code: 'VALIDATION_ERROR', message: 'Invalid body', details }, { status: 400 }),
    )
    const error = await createApiClient({ fetch })
      .post('/users/form/newsletter', z.unknown(), {})
      .catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid body', details })
  })

  it('falls back to a code from the status when the body is not an error envelope', async () => {
    const { fetch } = fakeFetch(new Response('<html>oops</html>', { status: 404, statusText: 'Not Found' }))
    await expect(createApiClient({ fetch }).get('/x', z.unknown())).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    })
  })

  it('rejects a success response of the wrong shape', async () => {
    const { fetch } = fakeFetch(ok({ id: 1 }))
    await expect(createApiClient({ fetch }).get('/products/1', ItemSchema)).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'Invalid response format',
    })
  })

  describe("spec §8's shape errors, from the light checks of the catalogue reads", () => {
    const product = makeProduct()

    it.each([
      ['a list where a page is expected', [product]],
      ['a page without totalPages', { items: [product], currentPage: 1, totalItems: 1 }],
      ['a page whose items are not a list', { items: product, currentPage: 1, totalPages: 1, totalItems: 1 }],
    ])('raises "Expected {items, currentPage, totalPages} format" for %s', async (_what, data) => {
      const { fetch } = fakeFetch(ok(data))
      await expect(createApiClient({ fetch }).get('/products', ProductPageShape)).rejects.toMatchObject({
        name: 'ApiError',
        code: 'INVALID_RESPONSE',
        message: 'Expected {items, currentPage, totalPages} format',
      })
    })

    it('raises "Expected array response" when a list answer is not an array', async () => {
      const { fetch } = fakeFetch(ok({ items: [product] }))
      await expect(
        createApiClient({ fetch }).post('/products/names', ProductArrayShape, { names: ['ברברה'] }),
      ).rejects.toMatchObject({ code: 'INVALID_RESPONSE', message: 'Expected array response' })
    })

    it('raises "Invalid response format" naming the field when an item does not fit', async () => {
      const broken = { ...product, name: 42 }
      const { fetch } = fakeFetch(
        ok({ items: [product, broken], currentPage: 1, totalPages: 1, totalItems: 2 }),
      )
      await expect(createApiClient({ fetch }).get('/products', ProductPageShape)).rejects.toMatchObject({
        code: 'INVALID_RESPONSE',
        message: 'Invalid response format',
        details: [{ path: 'items.1.name', expected: 'string' }],
      })
    })

    it('raises "Invalid response format" when the body is not a success envelope', async () => {
      const { fetch } = fakeFetch(json(product))
      await expect(createApiClient({ fetch }).get('/products/p1', ProductShape)).rejects.toMatchObject({
        code: 'INVALID_RESPONSE',
        message: 'Invalid response format',
      })
    })

    it('returns the data when it fits', async () => {
      const page = { items: [product], currentPage: 2, totalPages: 5, totalItems: 41 }
      const { fetch } = fakeFetch(ok(page))
      await expect(createApiClient({ fetch }).get('/products', ProductPageShape)).resolves.toEqual(page)
    })
  })

  it('calls the unauthorized hook on 401 and still throws', async () => {
    const { fetch } = fakeFetch(
      json({ success: false, code: 'UNAUTHORIZED', message: 'Token expired' }, { status: 401 }),
    )
    const client = createApiClient({ fetch })
    const onUnauthorized = vi.fn()
    client.setUnauthorizedHandler(onUnauthorized)
    await expect(client.get('/orders', z.unknown())).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    })
    expect(onUnauthorized).toHaveBeenCalledOnce()
  })

  it('times out after 10 s', async () => {
    const { fetch } = fakeFetch('hang')
    const result = createApiClient({ fetch })
      .get('/slow', z.unknown())
      .catch((e) => e)
    await vi.advanceTimersByTimeAsync(9_999)
    await vi.advanceTimersByTimeAsync(1)
    expect(await result).toMatchObject({ name: 'ApiError', code: 'TIMEOUT', status: 0 })
  })

  it('lets a caller cancellation through as an abort, not an ApiError', async () => {
    const { fetch } = fakeFetch('hang')
    const controller = new AbortController()
    const result = createApiClient({ fetch })
      .get('/slow', z.unknown(), { signal: controller.signal })
      .catch((e) => e)
    await vi.advanceTimersByTimeAsync(10)
    controller.abort()
    const error = await result
    expect(error).not.toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ name: 'AbortError' })
  })

  it('reports a network failure as NETWORK_ERROR', async () => {
    const fetch = vi.fn(() =>
      Promise.reject(new TypeError('Failed to fetch')),
    ) as unknown as typeof globalThis.fetch
    await expect(createApiClient({ fetch }).get('/x', z.unknown())).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    })
  })
})
