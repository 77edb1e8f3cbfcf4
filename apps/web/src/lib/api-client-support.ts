import { ERROR_CODES, type ErrorCode } from '@tavlin/contracts'
import { ApiError } from './api-error'
import { SHAPE_MESSAGES, ShapeMismatch } from './response-shape'

// The pieces of lib/api-client that need none of its state: defaults, error mapping,
// request building, the spacing queue and one attempt with its timeout.

type QueryValue = string | number | boolean | undefined | null

/**
 * How a response's data is checked: a zod schema of contracts (forms, admin) or a light
 * shape of lib/response-shape (the storefront's reads). The client itself never imports
 * zod, so the shop's first load does not carry it (decision 007).
 */
export type ResponseSchema = {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: unknown } }
}

/** What a schema lets through: zod's output type, or a shape's type. */
export type ResponseData<S extends ResponseSchema> = Extract<
  ReturnType<S['safeParse']>,
  { success: true }
>['data']

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Record<string, QueryValue>
  /** A plain value is sent as JSON; FormData (uploads) is sent as multipart. */
  body?: unknown
  signal?: AbortSignal
  /**
   * false: a 429 fails at once instead of waiting and retrying. For a visitor's form
   * submission, where the limit is per minute and the visitor should be told, not kept waiting.
   */
  retryRateLimited?: boolean
  /** Extra request headers, e.g. the checkout's Idempotency-Key. */
  headers?: Record<string, string>
  /**
   * Spec §7: `GET {base}/{id}` answers the envelope or the entity itself, a bare object with
   * an `_id`. Both are read; anything else is still 'Invalid response format'.
   */
  acceptsBareEntity?: boolean
}

export type ApiClientOptions = {
  baseUrl?: string
  fetch?: typeof fetch
  timeoutMs?: number
  minIntervalMs?: number
  /** Waits before each 429 retry when the server sends no Retry-After. */
  rateLimitDelaysMs?: readonly number[]
  now?: () => number
}

// Spec §9: 10 s timeout, ≥100 ms between requests, 429 retried after 1, 2 and 4 s.
export const DEFAULTS = {
  baseUrl: '/api',
  timeoutMs: 10_000,
  minIntervalMs: 100,
  rateLimitDelaysMs: [1_000, 2_000, 4_000],
} as const

// A server asking for a longer pause than this is better answered with an error than a frozen screen.
const MAX_RETRY_AFTER_MS = 30_000

const FALLBACK_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  502: 'PAYMENT_PROVIDER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** DESIGN §4's error envelope: `{ success: false, code, message, details? }`. */
function isErrorEnvelope(
  body: unknown,
): body is { success: false; code: ErrorCode; message: string; details?: unknown } {
  return (
    isRecord(body) &&
    body.success === false &&
    ERROR_CODES.includes(body.code as ErrorCode) &&
    typeof body.message === 'string'
  )
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now
  if (!Number.isFinite(ms)) return undefined
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS)
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export type RequestFn = <S extends ResponseSchema>(
  path: string,
  schema: S,
  opts?: RequestOptions,
) => Promise<ResponseData<S>>

export function toApiError(response: Response, body: unknown): ApiError {
  if (isErrorEnvelope(body)) {
    return new ApiError({
      status: response.status,
      code: body.code,
      message: body.message,
      details: body.details,
    })
  }
  return new ApiError({
    status: response.status,
    code: FALLBACK_CODES[response.status] ?? 'INTERNAL_ERROR',
    message: response.statusText || `HTTP ${response.status}`,
  })
}

/** A bare entity (spec §7): an object with an `_id` and no envelope's `success`. */
function isBareEntity(body: unknown): body is Record<string, unknown> {
  return isRecord(body) && !Array.isArray(body) && typeof body._id === 'string' && !('success' in body)
}

/**
 * DESIGN §4: every success is `{ success: true, data }`; the data then meets its schema. With
 * `acceptsBareEntity`, an entity sent as it is (spec §7's `GET {base}/{id}`) is read as data.
 */
export function parseSuccess<S extends ResponseSchema>(
  response: Response,
  body: unknown,
  schema: S,
  acceptsBareEntity = false,
) {
  const isEnvelope = isRecord(body) && body.success === true && 'data' in body
  const parsed = isEnvelope
    ? schema.safeParse(body.data)
    : acceptsBareEntity && isBareEntity(body)
      ? schema.safeParse(body)
      : undefined
  if (!parsed?.success) {
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      // A light shape names spec §8's message for what it expected; zod's issues only say where.
      message: parsed?.error instanceof ShapeMismatch ? parsed.error.message : SHAPE_MESSAGES.entity,
      details: parsed?.error.issues,
    })
  }
  return parsed.data as ResponseData<S>
}

export function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value))
  }
  const search = params.toString()
  return `${baseUrl}${path}${search ? `?${search}` : ''}`
}

export function buildInit(opts: RequestOptions, token: string | undefined): RequestInit {
  const headers = new Headers({ ...opts.headers, Accept: 'application/json' })
  if (token) headers.set('Authorization', `Bearer ${token}`)
  let body: BodyInit | undefined
  if (opts.body instanceof FormData) {
    body = opts.body
  } else if (opts.body !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(opts.body)
  }
  return { method: opts.method ?? 'GET', headers, body }
}

/**
 * Reserves the next start time synchronously, so concurrent callers queue up
 * 100 ms apart instead of all seeing the same "last request" time.
 */
export function createSlotQueue(now: () => number, minIntervalMs: () => number) {
  let nextSlotAt = -Infinity
  let waiting = 0
  return async function waitForSlot() {
    const current = now()
    // No further ahead than the requests already waiting justify: a clock that went back
    // (a system clock set back, a test's fake clock undone) must not hold later requests.
    const latest = current + (waiting + 1) * minIntervalMs()
    const start = Math.max(current, Math.min(nextSlotAt, latest))
    nextSlotAt = start + minIntervalMs()
    const wait = start - current
    if (wait <= 0) return
    waiting += 1
    try {
      await sleep(wait)
    } finally {
      waiting -= 1
    }
  }
}

export type Attempt = {
  doFetch: typeof fetch
  waitForSlot: () => Promise<void>
  timeoutMs: number
}

/** One attempt: spacing, timeout and the caller's cancellation; resolves with the response and its parsed body. */
export async function attempt<B>(
  { doFetch, waitForSlot, timeoutMs }: Attempt,
  url: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
  read: (response: Response) => Promise<B>,
) {
  await waitForSlot()
  // Cancelled while it waited for its slot (the page that wanted it is gone): never sent.
  signal?.throwIfAborted()
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const forwardAbort = () => controller.abort(signal?.reason)
  if (signal?.aborted) forwardAbort()
  signal?.addEventListener('abort', forwardAbort)
  try {
    const response = await doFetch(url, { ...init, signal: controller.signal })
    const body = await read(response)
    return { response, body }
  } catch (error) {
    if (timedOut) {
      throw new ApiError({ status: 0, code: 'TIMEOUT', message: `Request timed out after ${timeoutMs} ms` })
    }
    // The caller cancelled (e.g. TanStack Query on unmount): let its AbortError through untouched.
    if (signal?.aborted) throw error
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: error instanceof Error ? error.message : 'Network error',
    })
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', forwardAbort)
  }
}

type VerbOptions = Omit<RequestOptions, 'method' | 'body'>

/** get/post/put/patch/delete over one request function. */
export function verbs(request: RequestFn) {
  return {
    get: <S extends ResponseSchema>(path: string, schema: S, opts?: VerbOptions) =>
      request(path, schema, { ...opts, method: 'GET' }),
    post: <S extends ResponseSchema>(path: string, schema: S, body?: unknown, opts?: VerbOptions) =>
      request(path, schema, { ...opts, method: 'POST', body }),
    put: <S extends ResponseSchema>(path: string, schema: S, body?: unknown, opts?: VerbOptions) =>
      request(path, schema, { ...opts, method: 'PUT', body }),
    patch: <S extends ResponseSchema>(path: string, schema: S, body?: unknown, opts?: VerbOptions) =>
      request(path, schema, { ...opts, method: 'PATCH', body }),
    delete: <S extends ResponseSchema>(path: string, schema: S, opts?: VerbOptions) =>
      request(path, schema, { ...opts, method: 'DELETE' }),
  }
}
