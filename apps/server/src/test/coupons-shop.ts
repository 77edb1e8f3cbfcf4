import { afterAll, beforeAll, expect } from 'vitest'
import { shopToday, type CouponInput, type GenerateSaleRequest } from '@tavlin/contracts'
import { buildTestApp, type TestContext } from './build-test-app.js'
import { saleRequest, seedCatalogue, testCustomer } from './factories.js'

/** A day `days` from today in the shop's calendar, as YYYY-MM-DD. */
export function shopDay(days: number): string {
  return shopToday(new Date(Date.now() + days * 86_400_000))
}

let codeCounter = 0
/** A fresh code per call, so the tests of a file never share a coupon. */
export function freshCode(prefix = 'SAVE'): string {
  codeCounter += 1
  return `${prefix}${codeCounter}X${Date.now() % 100_000}`
}

/**
 * A listening test shop with the sandbox, an open admin guard and a seeded catalogue:
 * 2 × 24.90 + 1 × 120 = 169.80 of items, 15 shipping, 184.80 in all.
 */
export function useCouponsShop() {
  const state = {} as {
    ctx: TestContext & { baseUrl: string }
    ids: { productId: string; packageId: string }
  }
  let keyCounter = 0
  beforeAll(async () => {
    state.ctx = await buildTestApp({}, {}, { listen: true, requireAdmin: async () => {} })
    state.ids = await seedCatalogue(state.ctx.database.db)
  })
  afterAll(() => state.ctx.close())

  const shop = {
    get ctx() {
      return state.ctx
    },
    get ids() {
      return state.ids
    },
    /** POST /api/admin/coupons with defaults filled in. */
    createCoupon(input: Partial<CouponInput> & { code: string }) {
      return state.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/coupons',
        payload: { kind: 'percent', value: 10, ...input },
      })
    },
    async coupon(input: Partial<CouponInput> & { code: string }) {
      const response = await shop.createCoupon(input)
      expect(response.statusCode).toBe(201)
      return response.json().data as { _id: string; code: string }
    },
    async listed(code: string) {
      const list = await state.ctx.app.inject({ url: '/api/admin/coupons' })
      return (list.json().data.items as Array<{ code: string; usedCount: number }>).find(
        (c) => c.code === code,
      )
    },
    check(code: string, extra: { email?: string; orderItems?: GenerateSaleRequest['orderItems'] } = {}) {
      return state.ctx.app.inject({
        method: 'POST',
        url: '/api/coupons/check',
        payload: { code, orderItems: saleRequest(state.ids).orderItems, ...extra },
      })
    },
    /** A checkout with the coupon; `totalPrice` is what the browser showed. */
    sale(couponCode: string | undefined, totalPrice: number, email = testCustomer.email) {
      return state.ctx.app.inject({
        method: 'POST',
        url: '/api/orders/generate-sale',
        payload: saleRequest(state.ids, {
          totalPrice,
          ...(couponCode ? { couponCode } : {}),
          customer: { ...testCustomer, email },
        }),
        headers: { 'idempotency-key': `coupon-${++keyCounter}-${Date.now()}` },
      })
    },
  }
  return shop
}
