import crypto from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Conditional GETs for catalogue reads. The ETag is a hash of the body that is
 * about to be sent, so it changes exactly when the content does, and it needs no
 * state shared between server processes. `max-age=0, must-revalidate` makes every
 * browser and proxy revalidate, so a read right after an admin write is never
 * stale, while an unchanged list costs a 304 with no body.
 */
export const CATALOG_CACHE_CONTROL = 'public, max-age=0, must-revalidate'

export const httpCachePlugin = fp(
  async function httpCache(app: FastifyInstance) {
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return payload
      if (reply.statusCode !== 200 || typeof payload !== 'string') return payload
      const etag = `W/"${crypto.createHash('sha1').update(payload).digest('base64url')}"`
      void reply.header('etag', etag).header('cache-control', CATALOG_CACHE_CONTROL)
      if (matches(request.headers['if-none-match'], etag)) {
        void reply.code(304).removeHeader('content-type').removeHeader('content-length')
        return ''
      }
      return payload
    })
  },
  { name: 'http-cache' },
)

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const opaque = etag.replace(/^W\//, '')
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === opaque)
}
