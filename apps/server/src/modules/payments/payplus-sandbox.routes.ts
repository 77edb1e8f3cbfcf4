import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { PageReply, PayPlusSandbox } from './payplus-sandbox.service.js'
import type { SandboxRefunds } from './payplus-sandbox-refunds.js'
import { RETURN_SCRIPT, type CardFormValues } from './payplus-sandbox.page.js'

/** Mounted under /sandbox/payplus only when PAYPLUS_API_URL points at it. */
export const payplusSandboxRoutes: FastifyPluginAsync<{
  sandbox: PayPlusSandbox
  refunds: SandboxRefunds
}> = async (app, { sandbox, refunds }) => {
  // The hosted card page posts an ordinary HTML form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    },
  )

  const api = { schema: { hide: true } }
  app.post('/api/v1.0/PaymentPages/generateLink', api, async (request, reply) => {
    if (!sandbox.authorized(request.headers)) return reply.code(401).send(unauthorized)
    const result = await sandbox.generateLink(request.body)
    return reply.code(result.status).send(result.body)
  })
  app.post('/api/v1.0/PaymentPages/ipn', api, async (request, reply) => {
    if (!sandbox.authorized(request.headers)) return reply.code(401).send(unauthorized)
    const result = await sandbox.ipn(request.body)
    return reply.code(result.status).send(result.body)
  })
  app.get<{ Querystring: { payment_page_uid?: string } }>(
    '/api/v1.0/PaymentPages/ChargeMethods',
    api,
    async (request, reply) => {
      if (!sandbox.authorized(request.headers)) return reply.code(401).send(unauthorized)
      const result = await sandbox.chargeMethods(request.query.payment_page_uid)
      return reply.code(result.status).send(result.body)
    },
  )
  app.post('/api/v1.0/Transactions/RefundByTransactionUID', api, async (request, reply) => {
    if (!sandbox.authorized(request.headers)) return reply.code(401).send(unauthorized)
    const result = await refunds.refund(request.body)
    return reply.code(result.status).send(result.body)
  })
  app.get<{ Params: { uid: string } }>('/documents/:uid', api, async (request, reply) => {
    const result = await refunds.document(request.params.uid)
    return reply.code(result.status).type('text/html; charset=utf-8').send(result.html)
  })
  // Submits a POST return's form: the shop's CSP allows scripts from its own address only.
  app.get('/return.js', api, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(RETURN_SCRIPT),
  )

  app.get<{ Params: { uid: string } }>('/pay/:uid', api, async (request, reply) => {
    return send(reply, await sandbox.showPage(request.params.uid))
  })
  app.post<{ Params: { uid: string }; Body: Partial<CardFormValues> }>(
    '/pay/:uid',
    api,
    async (request, reply) => send(reply, await sandbox.pay(request.params.uid, request.body ?? {})),
  )
  app.post<{ Params: { uid: string } }>('/pay/:uid/bit', api, async (request, reply) =>
    send(reply, await sandbox.startBit(request.params.uid)),
  )
  app.get<{ Params: { uid: string; attempt: string } }>(
    '/pay/:uid/bit/:attempt',
    api,
    async (request, reply) => send(reply, await sandbox.checkBit(request.params.uid, request.params.attempt)),
  )
  app.post<{ Params: { uid: string }; Body: { method?: string } }>(
    '/pay/:uid/wallet',
    api,
    async (request, reply) =>
      send(reply, await sandbox.payWithWallet(request.params.uid, request.body?.method)),
  )
}

const unauthorized = { results: { status: 'error', code: 401, description: 'unauthorized' } }

function send(reply: FastifyReply, result: PageReply) {
  void reply.header('cache-control', 'no-store')
  if (result.kind === 'redirect') return reply.redirect(result.location, 303)
  return reply.code(result.status).type('text/html; charset=utf-8').send(result.html)
}
