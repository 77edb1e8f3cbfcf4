import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { orders, packages, productSizes } from '../db/schema/index.js'
import { allowAllAdmins, buildTestApp, type TestContext } from './build-test-app.js'
import { saleRequest, seedCatalogue } from './factories.js'

export const VALID_ID = '123456782'
/** The seeded product's size whose stock the stock tests set. */
export const STOCKED_SIZE = '100 גרם'

export type SaleData = {
  paymentLink: string
  order: { _id: string; number: string; totalPrice: number; statusToken: string }
}

type Flags = { dropCallbacks: boolean; failProvider: boolean }

/** Records the sandbox's callbacks, and loses them or fails generateLink when a test asks. */
function flakyNetwork(flags: Flags, callbacks: Array<{ url: string; body: Record<string, unknown> }>) {
  return (url: URL, init: RequestInit | undefined) => {
    if (url.pathname === '/api/payments/payplus/callback') {
      callbacks.push({ url: url.toString(), body: JSON.parse(String(init?.body)) as Record<string, unknown> })
      if (flags.dropCallbacks) return new Response('lost', { status: 503 })
    }
    if (flags.failProvider && url.pathname.endsWith('/PaymentPages/generateLink'))
      throw new TypeError('fetch failed')
    return undefined
  }
}

/**
 * A listening test shop with the built-in PayPlus sandbox and a seeded catalogue, shared
 * by the tests of one file (registered with its beforeAll/afterAll). `flags` lose the
 * sandbox's callbacks or fail its generateLink, as a flaky network would.
 */
export function useOrdersShop(options: { env?: NodeJS.ProcessEnv; allowAdmins?: boolean } = {}) {
  const flags: Flags = { dropCallbacks: false, failProvider: false }
  /** Every callback the sandbox sent, in order: its address and its parsed body. */
  const callbacks: Array<{ url: string; body: Record<string, unknown> }> = []
  const state = {} as {
    ctx: TestContext & { baseUrl: string }
    ids: { productId: string; packageId: string }
  }
  let keyCounter = 0

  beforeAll(async () => {
    state.ctx = await buildTestApp({}, options.env ?? {}, {
      ...(options.allowAdmins ? { requireAdmin: allowAllAdmins } : {}),
      listen: true,
      intercept: flakyNetwork(flags, callbacks),
    })
    state.ids = await seedCatalogue(state.ctx.database.db)
  })
  afterAll(() => state.ctx.close())
  // A test's sandbox knobs and lost callbacks end with it.
  afterEach(() => {
    state.ctx.resetSandbox()
    flags.dropCallbacks = false
    flags.failProvider = false
  })

  const shop = {
    flags,
    callbacks,
    /** The sandbox's knobs, live for this test (reset after it). */
    get sandbox() {
      return state.ctx.sandbox
    },
    get ctx() {
      return state.ctx
    },
    get ids() {
      return state.ids
    },

    sale(body: unknown, key: string | null = `key-${++keyCounter}-${Date.now()}`) {
      return state.ctx.app.inject({
        method: 'POST',
        url: '/api/orders/generate-sale',
        payload: body as object,
        headers: key ? { 'idempotency-key': key } : {},
      })
    },

    async newOrder(): Promise<SaleData> {
      const response = await shop.sale(saleRequest(state.ids))
      expect(response.statusCode).toBe(201)
      return response.json().data as SaleData
    },

    /** The shopper's browser on the hosted page: a real HTTP form post. */
    pay: (paymentLink: string, card: string, extra: Record<string, string> = {}) =>
      payOnPage(state.ctx.baseUrl, paymentLink, card, extra),

    /** Stock of the seeded product's STOCKED_SIZE and of the seeded package (null: not tracked). */
    async setStock(size: number | null, pack: number | null = null) {
      const { db } = state.ctx.database
      await db
        .update(productSizes)
        .set({ stock: size })
        .where(and(eq(productSizes.productId, state.ids.productId), eq(productSizes.sizeName, STOCKED_SIZE)))
      await db.update(packages).set({ stock: pack }).where(eq(packages.id, state.ids.packageId))
    },

    async orderRow(id: string) {
      const [row] = await state.ctx.database.db.select().from(orders).where(eq(orders.id, id))
      return row!
    },
  }
  return shop
}

/** The shopper's browser on the hosted page: a real HTTP form post, redirects not followed. */
async function payOnPage(baseUrl: string, paymentLink: string, card: string, extra: Record<string, string>) {
  const url = new URL(new URL(paymentLink).pathname, baseUrl)
  const form = new URLSearchParams({
    card_number: card,
    card_holder_name: 'נועה כהן',
    identification_number: VALID_ID,
    expiry_month: '12',
    expiry_year: String(new Date().getFullYear() + 2),
    cvv: '123',
    ...extra,
  })
  const response = await fetch(url, { method: 'POST', body: form, redirect: 'manual' })
  return { status: response.status, location: response.headers.get('location'), html: await response.text() }
}
