import crypto from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False for reads that must differ on every call (random selections). */
    responseCache?: boolean
  }
  interface FastifyRequest {
    catalogVersion?: number
    servedFromCache?: boolean
  }
}

/**
 * `max-age=0, must-revalidate` makes every browser and proxy revalidate, so a read right
 * after an admin write is never stale, while an unchanged response costs a 304 with no body.
 */
export const CATALOG_CACHE_CONTROL = 'public, max-age=0, must-revalidate'

export type HttpCacheOptions = {
  /**
   * The catalogue version shared by every server process (a database row raised by
   * triggers on each write). Responses are cached under it, so a write anywhere makes
   * every process miss at once; no process-local invalidation is relied on.
   */
  version: () => Promise<number>
  /**
   * Awaited after a successful write in this scope, before its answer is sent: the writer's
   * own next read and page then show the write (docs/decisions/160).
   */
  afterWrite?: () => Promise<unknown>
  /** Entries kept for the current version; older versions are dropped as a whole. */
  maxEntries?: number
}

type Entry = { body: string; etag: string; contentType: string }

// With at most `maxEntries` bodies of this size, the cache stays within tens of MB even
// when every request asks for a different search.
const MAX_BODY = 128 * 1024

/**
 * Conditional GETs and a response cache for catalogue reads. The ETag is a weak hash of
 * the body, identical in every process for the same data.
 */
export const httpCachePlugin = fp(
  async function httpCache(
    app: FastifyInstance,
    { version, afterWrite, maxEntries = 500 }: HttpCacheOptions,
  ) {
    let cachedVersion = -1
    const entries = new Map<string, Entry>()

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isCacheable(request)) return
      const current = await version()
      request.catalogVersion = current
      if (current !== cachedVersion) return
      const entry = entries.get(request.url)
      if (!entry) return
      request.servedFromCache = true
      void reply.header('etag', entry.etag).header('cache-control', CATALOG_CACHE_CONTROL)
      if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send()
      return reply.type(entry.contentType).send(entry.body)
    })

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        if (afterWrite && reply.statusCode < 400) await afterWrite()
        return payload
      }
      if (request.servedFromCache || reply.statusCode !== 200 || typeof payload !== 'string') return payload
      const etag = `W/"${crypto.createHash('sha1').update(payload).digest('base64url')}"`
      void reply.header('etag', etag).header('cache-control', CATALOG_CACHE_CONTROL)
      // The body was read after the version, so it is at least as new as that version:
      // caching it under that version can only ever serve newer data, never older.
      const readAt = request.catalogVersion
      if (readAt !== undefined && payload.length <= MAX_BODY) {
        if (readAt > cachedVersion) {
          entries.clear()
          cachedVersion = readAt
        }
        if (readAt === cachedVersion) {
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
          entries.set(request.url, {
            body: payload,
            etag,
            contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          })
        }
      }
      if (matches(request.headers['if-none-match'], etag)) {
        void reply.code(304).removeHeader('content-type').removeHeader('content-length')
        return ''
      }
      return payload
    })
  },
  { name: 'http-cache' },
)

function isCacheable(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.routeOptions.config?.responseCache !== false &&
    request.routeOptions.url !== undefined
  )
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const opaque = etag.replace(/^W\//, '')
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === opaque)
}
