import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { negotiateEncoding, type CachedPage, type PageCache } from '../lib/page-cache.js'

/**
 * The door kept pages and kept catalogue reads leave by (docs/decisions/154, 166). Its plugin
 * is registered before every other one, so a repeat visit to a kept page, or a repeat of a
 * kept read, is answered from its `onRequest` hook, ahead of the security headers, middie,
 * compression and the routes' own hooks: the answer is sent with the headers its first one
 * had (the security headers among them), already compressed, or as a 304. The SPA plugin
 * opens it for pages (`serve`) once it has index.html, the catalogue's read cache for reads
 * (`serveRead`).
 */
export class KeptPages {
  constructor(readonly cache: PageCache) {}

  /** Answers the request from the cache if it can; false when the page must be made. */
  serve?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>
  /** The same for a GET of /api: false when the read is not kept for the current version. */
  serveRead?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>
  /** The same for a file of the build under /assets (decision 296): false to leave it to the static files. */
  serveAsset?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>
}

export const keptPagesPlugin = fp(
  async function keptPagesDoor(app: FastifyInstance, { keptPages }: { keptPages: KeptPages }) {
    app.addHook('onRequest', async (request, reply) => {
      if (keptPages.serveAsset && isAssetRequest(request)) {
        if (await keptPages.serveAsset(request, reply)) return reply
        return
      }
      if (keptPages.serveRead && isReadRequest(request)) {
        if (await keptPages.serveRead(request, reply)) return reply
        return
      }
      if (!keptPages.serve || !isPageRequest(request)) return
      // Only the addresses the SPA answers (its root and catch-all routes, or none at all).
      const route = request.routeOptions.url
      if (route !== undefined && route !== '/' && route !== '/*') return
      if (await keptPages.serve(request, reply)) return reply
    })
  },
  { name: 'kept-pages' },
)

function isAssetRequest(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && request.url.startsWith('/assets/')
}

function isReadRequest(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && request.url.startsWith('/api/')
}

/** A GET or HEAD of an address with no file extension, outside /api, from a browser that takes HTML. */
export function isPageRequest(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? ''
  const wantsPage = request.method === 'GET' || request.method === 'HEAD'
  const looksLikeFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')
  const isApi = request.url === '/api' || request.url.startsWith('/api/')
  const acceptsHtml = !accept || accept.includes('text/html') || accept.includes('*/*')
  return !isApi && wantsPage && !looksLikeFile && acceptsHtml
}

// Set per answer by `sendKept`, or about one visitor only: never copied from the first one.
const PER_ANSWER = new Set([
  'connection',
  'etag',
  'content-length',
  'content-encoding',
  'vary',
  'content-type',
  'cache-control',
  'set-cookie',
])

/** The headers a page's first answer carried (security headers and the like), to send again with it. */
export function headersToKeep(reply: FastifyReply): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || PER_ANSWER.has(name.toLowerCase())) continue
    kept[name] = typeof value === 'number' ? String(value) : value
  }
  return kept
}

/**
 * A kept page, compressed once per page rather than per response. A visitor holding any of a
 * random page's kept renders gets a 304: what they have is as good a draw as another.
 */
export async function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  page: CachedPage,
  others: CachedPage[],
) {
  if (page.headers) void reply.headers(page.headers)
  void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache')
  const held = [page, ...others].find((p) => matchesEtag(request.headers['if-none-match'], p.etag))
  if (held) return reply.header('etag', held.etag).code(304).send()
  void reply.header('etag', page.etag).header('vary', 'accept-encoding')
  const encoding = negotiateEncoding(request.headers['accept-encoding'])
  if (!encoding) return reply.send(page.body)
  const body = await cache.encode(page, encoding)
  return reply.header('content-encoding', encoding).send(body)
}

export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === opaque)
}
