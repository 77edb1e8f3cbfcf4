import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { SeoService } from './seo.service.js'

/**
 * /sitemap.xml and /robots.txt. Registered beside the catalogue's HTTP cache, so the
 * sitemap is rebuilt only when the catalogue version moves and revalidates with an ETag.
 */
export const seoRoutes: FastifyPluginAsyncZod<{ seo: SeoService }> = async (app, { seo }) => {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').send(await seo.sitemap()),
  )
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(seo.robots()),
  )
}
