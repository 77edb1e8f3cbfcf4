import fs from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppConfig } from '../config/env.js'

const ONE_YEAR = 31536000

/**
 * Serves the built SPA: hashed files under /assets are cached for a year and
 * never change; everything else (index.html, locales) is revalidated each time.
 * Any other GET that is not a file falls back to index.html for the client router.
 */
export const spaPlugin = fp(
  async function spa(app: FastifyInstance, { config }: { config: AppConfig }) {
    const root = config.webDistDir
    const indexFile = root ? path.join(root, 'index.html') : null
    if (!root || !indexFile || !fs.existsSync(indexFile)) {
      app.setNotFoundHandler((request, reply) => notFound(request, reply))
      return
    }

    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.startsWith(path.join(root, 'assets') + path.sep)
        reply.header(
          'cache-control',
          isHashedAsset
            ? `public, max-age=${ONE_YEAR}, immutable`
            : filePath.endsWith('index.html')
              ? 'no-cache'
              : 'public, max-age=0, must-revalidate',
        )
      },
    })

    // The site root is a directory to @fastify/static, which refuses it (403) with `index: false`.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').sendFile('index.html', root),
    )

    app.setNotFoundHandler((request, reply) => {
      const accept = request.headers.accept ?? ''
      const wantsPage = request.method === 'GET' || request.method === 'HEAD'
      const looksLikeFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')
      const isApi = request.url === '/api' || request.url.startsWith('/api/')
      const acceptsHtml = !accept || accept.includes('text/html') || accept.includes('*/*')
      if (isApi || !wantsPage || looksLikeFile || !acceptsHtml) return notFound(request, reply)
      return reply.type('text/html; charset=utf-8').sendFile('index.html', root)
    })
  },
  { name: 'spa' },
)

// Also reached from @fastify/static's wildcard route when no file matches, so
// unknown /api paths are answered here in the envelope, never with the SPA.
function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({
    success: false,
    code: 'NOT_FOUND',
    message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
  })
}
