import { IDENTITY } from './identity-config'

// The sign-in's HTTP calls: the issuer's discovery document, keys, token and revocation
// endpoints, and the shop's own `GET /api/config` that names the issuer. Spec §7 and §9:
// each attempt gives up after 10 s, and a call that got no answer is tried 3 times in all.
// An answer, even an error, is never repeated: a token request may have been used up.

/** Why an identity call failed; `error` / `errorDescription` are the OAuth error fields when the server sent them. */
export class IdentityHttpError extends Error {
  override readonly name = 'IdentityHttpError'
  readonly kind: 'network' | 'timeout' | 'http' | 'format'
  readonly status: number
  readonly error: string | undefined
  readonly errorDescription: string | undefined

  constructor(init: {
    kind: IdentityHttpError['kind']
    message: string
    status?: number
    error?: string | undefined
    errorDescription?: string | undefined
  }) {
    super(init.message)
    this.kind = init.kind
    this.status = init.status ?? 0
    this.error = init.error
    this.errorDescription = init.errorDescription
  }
}

export type IdentityHttpOptions = {
  /** Looked up per call when absent, so a test's stubbed fetch applies. */
  fetch?: typeof fetch
  timeoutMs?: number
  attempts?: number
}

export type IdentityHttp = {
  /** GET a JSON document. */
  getJson(url: string): Promise<unknown>
  /** POST a form (RFC 6749 token and RFC 7009 revocation requests); the JSON answer, or undefined for an empty one. */
  postForm(url: string, form: Record<string, string | undefined>): Promise<unknown>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function parseBody(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export function createIdentityHttp(options: IdentityHttpOptions = {}): IdentityHttp {
  const timeoutMs = options.timeoutMs ?? IDENTITY.httpTimeoutMs
  const attempts = options.attempts ?? IDENTITY.httpAttempts
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args)

  /** One attempt, aborted after the timeout. Resolves with the answer, whatever its status. */
  async function once(
    url: string,
    init: RequestInit,
  ): Promise<{ status: number; ok: boolean; body: unknown }> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    try {
      const response = await doFetch(url, { ...init, signal: controller.signal })
      // The body is part of the answer: a connection that drops while it is read failed too.
      const text = await response.text()
      return { status: response.status, ok: response.ok, body: parseBody(text) }
    } catch (error) {
      if (controller.signal.aborted) {
        throw new IdentityHttpError({ kind: 'timeout', message: `Timeout when executing 'fetch' (${url})` })
      }
      throw new IdentityHttpError({
        kind: 'network',
        message: `Failed to fetch ${url}: ${error instanceof Error ? error.message : String(error)}`,
      })
    } finally {
      clearTimeout(timer)
    }
  }

  async function send(url: string, init: RequestInit): Promise<unknown> {
    let lastFailure: IdentityHttpError | undefined
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let answer: Awaited<ReturnType<typeof once>>
      try {
        answer = await once(url, init)
      } catch (error) {
        lastFailure = error as IdentityHttpError
        continue
      }
      const { body, status } = answer
      if (answer.ok) return body
      // Spec §8: the OAuth error and its description when the server gave them, else
      // "HTTP error. Unable to fetch" with the address.
      const error = isRecord(body) && typeof body.error === 'string' ? body.error : undefined
      const description =
        isRecord(body) && typeof body.error_description === 'string' ? body.error_description : undefined
      throw new IdentityHttpError({
        kind: 'http',
        status,
        error,
        errorDescription: description,
        message: description ?? `HTTP error. Unable to fetch ${url}`,
      })
    }
    throw lastFailure ?? new IdentityHttpError({ kind: 'network', message: `Failed to fetch ${url}` })
  }

  return {
    async getJson(url) {
      const body = await send(url, { method: 'GET', headers: { accept: 'application/json' } })
      if (!isRecord(body)) {
        throw new IdentityHttpError({ kind: 'format', message: `Invalid response format from ${url}` })
      }
      return body
    },
    postForm(url, form) {
      const params = new URLSearchParams()
      for (const [key, value] of Object.entries(form)) if (value !== undefined) params.set(key, value)
      return send(url, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: params,
      })
    },
  }
}
