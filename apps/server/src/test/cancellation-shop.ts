import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { mailOutbox, orders } from '../db/schema/index.js'
import { buildTestApp, type TestContext } from './build-test-app.js'
import { confirmLink, confirmationToken } from './confirmation-mail.js'
import { saleRequest, seedCatalogue, testCustomer } from './factories.js'
import { freshIp } from './form-fixtures.js'
import { payInSandbox } from './pay-in-sandbox.js'
import { tokenFactory, type TokenFactory } from './tokens.js'

let buyers = 0

/**
 * A listening test shop with the sandbox and a catalogue, for the cancellation notices
 * (issues 18, 33): paid orders, the notice form, the order's mailbox confirming, the inbox.
 */
export function useCancellationShop() {
  const state = {} as {
    ctx: TestContext & { baseUrl: string }
    ids: { productId: string; packageId: string }
    admin: Record<string, string>
    tokens: TokenFactory
  }
  beforeAll(async () => {
    state.ctx = await buildTestApp({}, { FORMS_RATE_LIMIT_PER_MINUTE: '50' }, { listen: true })
    state.ids = await seedCatalogue(state.ctx.database.db)
    state.tokens = await tokenFactory(state.ctx.config, state.ctx.database.db)
    state.admin = { authorization: `Bearer ${await state.tokens.admin()}` }
  })
  afterAll(() => state.ctx.close())

  return {
    get ctx() {
      return state.ctx
    },
    get ids() {
      return state.ids
    },
    get admin() {
      return state.admin
    },
    get tokens() {
      return state.tokens
    },

    /**
     * A paid order of 184.80 ₪: 2 × 24.90 (product) + 120 (package) + 15 shipping, with an
     * e-mail of its own (the confirmation links are limited per mailbox); `headers` may carry
     * a shopper's token, so the order is theirs.
     */
    async paidOrder(headers: Record<string, string> = {}) {
      const email = `buyer${++buyers}.${process.pid}@example.com`
      const response = await state.ctx.app.inject({
        method: 'POST',
        url: '/api/orders/generate-sale',
        headers,
        payload: saleRequest(state.ids, { customer: { ...testCustomer, email } }),
      })
      expect(response.statusCode).toBe(201)
      const { order, paymentLink } = response.json().data as {
        order: { _id: string; number: string }
        paymentLink: string
      }
      await payInSandbox(state.ctx.baseUrl, paymentLink)
      const [row] = await state.ctx.database.db.select().from(orders).where(eq(orders.id, order._id))
      expect(row!.status).toBe('paid')
      return row!
    },

    notice: (payload: object, headers: Record<string, string> = {}) =>
      state.ctx.app.inject({
        method: 'POST',
        url: '/api/cancellations',
        payload,
        headers,
        remoteAddress: freshIp(),
      }),

    /** The order's mailbox confirms the newest link it was sent, as its owner would. */
    async confirmFrom(email: string) {
      const confirmed = await confirmLink(state.ctx, await confirmationToken(state.ctx, email))
      expect(confirmed.statusCode, confirmed.body).toBe(200)
      return confirmed.json().data as { purpose: string; orderNumber: string }
    },

    mailsTo: (dedupeKey: string) =>
      state.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey)),

    /** The admin's cancellations inbox, newest first. */
    async inbox() {
      const response = await state.ctx.app.inject({ url: '/api/cancellations', headers: state.admin })
      return response.json().data as Array<Record<string, unknown>>
    },
  }
}
