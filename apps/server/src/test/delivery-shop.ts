import { eq } from 'drizzle-orm'
import { beforeEach, expect } from 'vitest'
import type { z } from 'zod'
import type { DeliveryMethodInputSchema, GenerateSaleRequest } from '@tavlin/contracts'
import { deliveryExcludedCities, deliveryMethods, sandboxPaymentPages } from '../db/schema/index.js'
import { useCouponsShop } from './coupons-shop.js'
import { saleRequest, testCustomer } from './factories.js'

/** What the admin's form sends: defaults may be left out. */
export type MethodBody = z.input<typeof DeliveryMethodInputSchema>

export const home = (overrides: Partial<MethodBody> = {}): MethodBody => ({
  kind: 'delivery',
  name: 'משלוח עד הבית',
  daysMin: 2,
  daysMax: 4,
  zones: [
    { name: 'מרכז', price: 20, cities: ['תל אביב-יפו', 'רמת גן'] },
    { name: 'צפון', price: 25, cities: ['חיפה'] },
  ],
  ...overrides,
})
export const pickup = (overrides: Partial<MethodBody> = {}): MethodBody => ({
  kind: 'pickup',
  name: 'איסוף עצמי',
  daysMin: 1,
  daysMax: 1,
  pickupAddress: 'רחוב השוק 1, תל אביב',
  openingHours: 'א׳–ה׳ 9:00–18:00',
  position: 1,
  ...overrides,
})

/** The coupons test shop (open admin guard, sandbox), as the delivery tests use it. */
export function useDeliveryShop() {
  const shop = useCouponsShop()

  async function createMethod(input: object): Promise<{ _id: string }> {
    const response = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/delivery/methods',
      payload: input,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().data
  }

  function sale(overrides: Partial<GenerateSaleRequest> = {}, city = 'חיפה') {
    return shop.ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      payload: saleRequest(shop.ids, {
        customer: { ...testCustomer, address: { ...testCustomer.address, city } },
        ...overrides,
      }),
    })
  }

  async function paymentPageOf(paymentLink: string) {
    const uid = new URL(paymentLink).pathname.split('/').pop()!
    const [page] = await shop.ctx.database.db
      .select()
      .from(sandboxPaymentPages)
      .where(eq(sandboxPaymentPages.pageRequestUid, uid))
    return page!.request as { amount: number; items: Array<{ name: string; price: number }> }
  }

  // Every test starts from a shop with no methods of its own.
  beforeEach(async () => {
    await shop.ctx.database.db.delete(deliveryMethods)
    await shop.ctx.database.db.delete(deliveryExcludedCities)
  })

  return { shop, createMethod, sale, paymentPageOf }
}
