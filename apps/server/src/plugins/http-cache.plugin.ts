import crypto from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { compress, negotiateEncoding, type Encoding } from '../lib/page-cache.js'
import { headersToKeep, matchesEtag as matches, type KeptPages } from './kept-pages.plugin.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False for reads that must differ on every call (random selections). */
    responseCache?: boolean
    /**
     * A read sent as POST for its long body (products by names): cached by address and body,
     * and not a write, so it does not wait for the version to be read again.
     */
    readByPost?: boolean
  }
  interface FastifyRequest {
    catalogVersion?: number
    servedFromCache?: boolean
    /** Where the response is filed: the address, and the body of a read sent as POST. */
    cacheKey?: string
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
  /** Where the responses are kept: pass one to read it elsewhere too (the page renderer). */
  store?: ResponseStore
  /** Entries kept for the current version; older versions are dropped as a whole (without `store`). */
  maxEntries?: number
  /** Opened for the kept reads, so a repeat is answered before every other hook (decision 166). */
  door?: KeptPages
}

export type CachedResponse = { body: string; etag: string; contentType: string }
type Entry = CachedResponse & {
  /** The headers its first answer had (the security headers), for the door to send again. */
  headers: Record<string, string | string[]>
  encoded: Partial<Record<Encoding, Promise<Buffer>>>
}

// The compress plugin's threshold: smaller bodies go out as they are.
const COMPRESS_FROM = 1024

/** Cached responses for one catalogue version at a time, by request address. */
export class ResponseStore {
  version = -1
  readonly entries = new Map<string, Entry>()
  constructor(readonly maxEntries = 500) {}

  /** The response kept for `key` under `version`, if any. */
  get(version: number, key: string): CachedResponse | undefined {
    return version === this.version ? this.entries.get(key) : undefined
  }
}

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
    {
      version,
      afterWrite,
      store = new ResponseStore(),
      maxEntries = store.maxEntries,
      door,
    }: HttpCacheOptions,
  ) {
    const { entries } = store
    if (afterWrite) await app.register(afterWritePlugin, { afterWrite })
    if (door) door.serveRead = async (request, reply) => sendKeptRead(request, reply, store, await version())

    const answerFromCache = async (request: FastifyRequest, reply: FastifyReply, key: string) => {
      const current = await version()
      request.catalogVersion = current
      request.cacheKey = key
      if (current !== store.version) return
      const entry = entries.get(key)
      if (!entry) return
      request.servedFromCache = true
      void reply.header('etag', entry.etag).header('cache-control', CATALOG_CACHE_CONTROL)
      if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send()
      return reply.type(entry.contentType).send(entry.body)
    }

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isCacheable(request)) return
      return answerFromCache(request, reply, request.url)
    })

    // A read sent as POST is known only once its body is parsed and validated.
    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'POST' || request.routeOptions.config?.readByPost !== true) return
      return answerFromCache(request, reply, `${request.url}\n${JSON.stringify(request.body)}`)
    })

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (!isRead(request)) return payload
      if (request.servedFromCache || reply.statusCode !== 200 || typeof payload !== 'string') return payload
      const etag = `W/"${crypto.createHash('sha1').update(payload).digest('base64url')}"`
      void reply.header('etag', etag).header('cache-control', CATALOG_CACHE_CONTROL)
      // The body was read after the version, so it is at least as new as that version:
      // caching it under that version can only ever serve newer data, never older.
      const readAt = request.catalogVersion
      const key = request.cacheKey
      if (readAt !== undefined && key !== undefined && payload.length <= MAX_BODY) {
        if (readAt > store.version) {
          entries.clear()
          store.version = readAt
        }
        if (readAt === store.version) {
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
          entries.set(key, {
            body: payload,
            etag,
            contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
            headers: headersToKeep(reply),
            encoded: {},
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

/**
 * A successful write's answer waits for `afterWrite` (the version read again): the writer's
 * next read shows the write. The cached scope's own writes, and writes outside it to what its
 * reads show (the business details), register it.
 */
export const afterWritePlugin = fp(
  async function afterWriteHook(
    app: FastifyInstance,
    { afterWrite }: { afterWrite: () => Promise<unknown> },
  ) {
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (!isRead(request) && reply.statusCode < 400) await afterWrite()
      return payload
    })
  },
  { name: 'after-write' },
)

/** GET and HEAD, and a read sent as POST for its long body. */
function isRead(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config?.readByPost === true
  )
}

function isCacheable(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.routeOptions.config?.responseCache !== false &&
    request.routeOptions.url !== undefined
  )
}

/** A kept read at the door: as the route would answer it, compressed once per entry. */
async function sendKeptRead(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ResponseStore,
  version: number,
): Promise<boolean> {
  const entry = version === store.version ? store.entries.get(request.url) : undefined
  if (!entry) return false
  // The route's own onSend (below) is still run: it must not hash and file the body again.
  request.servedFromCache = true
  void reply.headers(entry.headers).header('etag', entry.etag).header('cache-control', CATALOG_CACHE_CONTROL)
  if (matches(request.headers['if-none-match'], entry.etag)) {
    await reply.code(304).send()
    return true
  }
  void reply.type(entry.contentType)
  const encoding =
    entry.body.length < COMPRESS_FROM ? undefined : negotiateEncoding(request.headers['accept-encoding'])
  if (!encoding) {
    await reply.send(entry.body)
    return true
  }
  const encoded = (entry.encoded[encoding] ??= compress(entry.body, encoding))
  encoded.catch(() => delete entry.encoded[encoding])
  await reply
    .header('vary', 'accept-encoding')
    .header('content-encoding', encoding)
    .send(await encoded)
  return true
}
