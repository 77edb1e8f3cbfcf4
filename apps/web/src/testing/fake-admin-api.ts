import { vi } from 'vitest'
import { discoveryDocument } from './fake-oidc-client'

export type ApiCall = {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
  headers: Headers
}
type Handler = (call: ApiCall) => Response | Promise<Response>

export const ok = (data: unknown, status = 200) => Response.json({ success: true, data }, { status })
export const fail = (status: number, code: string, message: string, details?: unknown) =>
  Response.json({ success: false, code, message, details }, { status })
export const page = <T>(items: T[], currentPage = 1, totalPages = 1) =>
  ok({ items, currentPage, totalPages, totalItems: items.length })

/**
 * A stand-in for the server at the edge of the app (globalThis.fetch): answers
 * `METHOD /path` from a table, records every call. Unknown routes answer 404.
 */
export function fakeApi(routes: Record<string, Handler> = {}) {
  const calls: ApiCall[] = []
  const table: Record<string, Handler> = {
    // The built-in provider's discovery document, which the sign-in reads before it starts.
    'GET /oidc/.well-known/openid-configuration': () =>
      Response.json(discoveryDocument('http://localhost/oidc')),
    ...routes,
  }
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    // Like fetch: a request already cancelled is never sent.
    init?.signal?.throwIfAborted()
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    let body: unknown = init?.body
    if (typeof body === 'string') body = JSON.parse(body)
    const call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: new Headers(init?.headers),
    }
    calls.push(call)
    const handler = table[`${method} ${url.pathname}`]
    return handler ? handler(call) : fail(404, 'NOT_FOUND', `No fake for ${method} ${url.pathname}`)
  })
  return {
    calls,
    on(route: string, handler: Handler) {
      table[route] = handler
    },
    callsTo(route: string) {
      const [method, path] = route.split(' ')
      return calls.filter((call) => call.method === method && call.path === path)
    },
  }
}

/** jsdom has no object URLs; previews only need a stable string. */
export function stubObjectUrls() {
  let count = 0
  URL.createObjectURL = vi.fn(() => `blob:preview-${++count}`)
  URL.revokeObjectURL = vi.fn()
}
