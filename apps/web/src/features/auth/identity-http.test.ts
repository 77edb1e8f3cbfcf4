import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeFetch, json } from '../../testing/fake-fetch'
import { IDENTITY } from './identity-config'
import type { IdentityHttpError } from './identity-http'
import { createIdentityHttp } from './identity-http'

// Spec §7/§9: identity calls time out after 10 s and are tried 3 times when no answer comes.
// Fake timers: the 10 s are not waited for real.

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as IdentityHttpError,
  )

describe('the identity HTTP client', () => {
  it('reads its timing from the one identity config', () => {
    expect(IDENTITY).toMatchObject({ httpTimeoutMs: 10_000, httpAttempts: 3 })
  })

  it('gives each attempt 10 s, then tries again, 3 attempts in all', async () => {
    const { fetch, calls } = fakeFetch('hang', 'hang', 'hang')
    const outcome = failure(
      createIdentityHttp({ fetch }).getJson('https://issuer.test/.well-known/jwks.json'),
    )
    await vi.advanceTimersByTimeAsync(9_999)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await outcome).toMatchObject({ kind: 'timeout', message: expect.stringContaining('Timeout') })
    expect(calls).toHaveLength(3)
  })

  it('tries again after a network failure and succeeds on the third attempt', async () => {
    let attempt = 0
    const fetch = vi.fn(async () => {
      attempt += 1
      if (attempt < 3) throw new TypeError('Failed to fetch')
      return json({ keys: [] })
    })
    await expect(createIdentityHttp({ fetch }).getJson('https://issuer.test/jwks')).resolves.toEqual({
      keys: [],
    })
    expect(fetch).toHaveBeenCalledTimes(3)
  })

  it('fails after three network failures, not four', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(await failure(createIdentityHttp({ fetch }).getJson('https://issuer.test/jwks'))).toMatchObject({
      kind: 'network',
    })
    expect(fetch).toHaveBeenCalledTimes(3)
  })

  it('never repeats a request that got an answer, and reports the OAuth error or the address', async () => {
    const { fetch, calls } = fakeFetch(
      json({ error: 'invalid_grant', error_description: 'grant request is invalid' }, { status: 400 }),
      new Response('oops', { status: 500 }),
    )
    const http = createIdentityHttp({ fetch })
    expect(
      await failure(http.postForm('https://issuer.test/token', { grant_type: 'refresh_token' })),
    ).toMatchObject({
      kind: 'http',
      status: 400,
      error: 'invalid_grant',
      message: 'grant request is invalid',
    })
    expect(await failure(http.getJson('https://issuer.test/jwks'))).toMatchObject({
      kind: 'http',
      status: 500,
      message: 'HTTP error. Unable to fetch https://issuer.test/jwks',
    })
    expect(calls).toHaveLength(2)
  })

  it('posts a form without the fields it was not given', async () => {
    const { fetch, calls } = fakeFetch(json({ access_token: 'a' }))
    await createIdentityHttp({ fetch }).postForm('https://issuer.test/token', {
      code: 'c',
      code_verifier: undefined,
    })
    expect(String(calls[0]?.init.body)).toBe('code=c')
    expect(new Headers(calls[0]?.init.headers).get('content-type')).toBe('application/x-www-form-urlencoded')
  })
})
