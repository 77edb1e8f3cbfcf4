import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { OrdersService } from './orders.service.js'
import { isCleanReturn, type ReturnKind } from './payment-return.step.js'

const PAGES: Record<string, ReturnKind> = { '/thank-you': 'success', '/checkout/payment-pending': 'failure' }

/**
 * PayPlus sends the shopper back by GET or by POST, as the page is set in its dashboard
 * (payplus.md §1.6). Either way the answer is a 303 to the page's own clean address, so card
 * details never stay in the address bar, the history or a Referer; a clean GET is the page.
 * Registered before the site's pages, whose hook would otherwise answer the GET first.
 */
export const paymentReturnRoutes = fp(
  async (app: FastifyInstance, { orders }: { orders: OrdersService }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET') return
      const kind = PAGES[pathOf(request)]
      if (!kind) return
      const params = new URL(request.url, 'http://return').searchParams
      if (isCleanReturn(kind, params)) return
      return cleanRedirect(reply, await orders.resolveReturn(kind, params))
    })

    await app.register(async (forms) => {
      // A POST return is an HTML form; an empty one may come with any type, or none.
      forms.removeAllContentTypeParsers()
      forms.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
        done(null, body),
      )
      for (const [path, kind] of Object.entries(PAGES)) {
        forms.post(path, { schema: { hide: true } }, async (request, reply) => {
          const params = new URL(request.url, 'http://return').searchParams
          const posted = typeof request.body === 'string' ? new URLSearchParams(request.body) : undefined
          for (const [key, value] of posted ?? []) if (!params.has(key)) params.set(key, value)
          return cleanRedirect(reply, await orders.resolveReturn(kind, params))
        })
      }
    })
  },
  { name: 'payment-returns' },
)

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? ''
}

function cleanRedirect(reply: FastifyReply, location: string) {
  void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
  return reply.redirect(location, 303)
}
