import { vi } from 'vitest'

// A fetch at the edge of the system for lib/api-client's tests.

export function json(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  })
}

export const ok = (data: unknown) => json({ success: true, data })

export type Call = { url: string; init: RequestInit; at: number }

/** A fetch at the edge of the system: records calls and answers from a queue, like the real one honours aborts. */
export function fakeFetch(...responses: Array<Response | 'hang'>) {
  const calls: Call[] = []
  const fetch = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init, at: Date.now() })
    const next = responses.shift() ?? ok(null)
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal
      const abort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'))
      if (signal?.aborted) return abort()
      signal?.addEventListener('abort', abort)
      if (next !== 'hang') resolve(next)
    })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls }
}
