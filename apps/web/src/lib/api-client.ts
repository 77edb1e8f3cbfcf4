import {
  DEFAULTS,
  attempt,
  buildInit,
  buildUrl,
  createSlotQueue,
  parseRetryAfter,
  parseSuccess,
  readJson,
  sleep,
  toApiError,
  verbs,
  type ApiClientOptions,
  type RequestOptions,
  type ResponseData,
  type ResponseSchema,
} from './api-client-support'
import { apiAuth } from './api-auth'

export { ApiError, isApiError } from './api-error'
export type { ApiClientOptions, RequestOptions, ResponseData, ResponseSchema } from './api-client-support'

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? DEFAULTS.baseUrl
  let minIntervalMs = options.minIntervalMs ?? DEFAULTS.minIntervalMs
  const rateLimitDelaysMs = options.rateLimitDelaysMs ?? DEFAULTS.rateLimitDelaysMs
  const now = options.now ?? (() => Date.now())
  let fetchImpl = options.fetch
  const transport = {
    // Looked up per call so tests (and polyfills) that replace globalThis.fetch later still apply.
    doFetch: ((...args) => (fetchImpl ?? globalThis.fetch)(...args)) as typeof fetch,
    waitForSlot: createSlotQueue(now, () => minIntervalMs),
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
  }

  let getAccessToken: () => string | undefined = () => undefined
  let onUnauthorized: () => void = () => {}

  async function request<S extends ResponseSchema>(
    path: string,
    schema: S,
    opts: RequestOptions = {},
  ): Promise<ResponseData<S>> {
    const url = buildUrl(baseUrl, path, opts.query)
    for (let retry = 0; ; retry++) {
      // Rebuilt per attempt: the token may have been renewed while we waited.
      const init = buildInit(opts, getAccessToken())
      const { response, body } = await attempt(transport, url, init, opts.signal, readJson)

      if (response.status === 429 && opts.retryRateLimited !== false && retry < rateLimitDelaysMs.length) {
        const delay =
          parseRetryAfter(response.headers.get('Retry-After'), now()) ?? rateLimitDelaysMs[retry] ?? 0
        await sleep(delay)
        continue
      }

      if (!response.ok) {
        // Spec §8 / DESIGN §5: a 401 signs the user out locally; cart and theme stay.
        if (response.status === 401) onUnauthorized()
        throw toApiError(response, body)
      }
      return parseSuccess(response, body, schema, opts.acceptsBareEntity)
    }
  }

  /**
   * A file the server sends as is (a CSV export). Goes through the same token, spacing,
   * timeout and 401 handling as every call, which a plain link could not.
   */
  async function download(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<Blob> {
    const url = buildUrl(baseUrl, path, opts.query)
    const init = buildInit({ method: 'GET' }, getAccessToken())
    ;(init.headers as Headers).set('Accept', '*/*')
    const read = (r: Response) => (r.ok ? r.blob() : readJson(r))
    const { response, body } = await attempt(transport, url, init, opts.signal, read)
    if (!response.ok) {
      if (response.status === 401) onUnauthorized()
      throw toApiError(response, body)
    }
    return body as Blob
  }

  return {
    request,
    download,
    ...verbs(request),
    /** The auth work (issue 5) plugs in the current access token here. */
    setAccessTokenProvider(provider: () => string | undefined) {
      getAccessToken = provider
    },
    /** Called on every 401 before the error is thrown. */
    setUnauthorizedHandler(handler: () => void) {
      onUnauthorized = handler
    },
    /**
     * The server's page renderer (entry-server) sends the reads to the server's own API in
     * process: no network, and no spacing, which is there to spare the server a browser's bursts.
     */
    setTransport(next: { fetch: typeof fetch; minIntervalMs: number }) {
      fetchImpl = next.fetch
      minIntervalMs = next.minIntervalMs
    },
  }
}

export type ApiClient = ReturnType<typeof createApiClient>

/**
 * The app's single client; everything under src/api goes through it. Its token and 401
 * handling are whatever auth has set in lib/api-auth, even before this module loaded.
 */
export const apiClient = createApiClient()
apiClient.setAccessTokenProvider(apiAuth.accessToken)
apiClient.setUnauthorizedHandler(apiAuth.unauthorized)
