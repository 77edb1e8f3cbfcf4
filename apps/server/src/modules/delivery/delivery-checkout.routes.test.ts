import { describe, expect, it } from 'vitest'
import { mailOutbox } from '../../db/schema/index.js'
import { freshCode } from '../../test/coupons-shop.js'
import { home, pickup, useDeliveryShop } from '../../test/delivery-shop.js'
import { saleRequest, testCustomer } from '../../test/factories.js'
import { payInSandbox } from '../../test/pay-in-sandbox.js'
import { deliveryMethods } from '../../db/schema/index.js'

// Checkout with delivery methods (issue 19, decision 228): zones of cities, pickup, thresholds
// and excluded cities, priced again by the server. The cart of every sale here is
// 2 × 24.90 + 1 × 120 = 169.80 of items.
const { shop, createMethod, sale, paymentPageOf } = useDeliveryShop()

describe('checkout with delivery methods', () => {
  it("charges the zone's fee, keeps the method on the order and names it on the payment page and receipts", async () => {
    const method = await createMethod(home())
    await createMethod(pickup())
    const response = await sale({ deliveryMethodId: method._id, totalPrice: 194.8 })
    expect(response.statusCode, response.body).toBe(201)
    const { order, paymentLink } = response.json().data
    expect(order.totalPrice).toBe(194.8)
    const page = await paymentPageOf(paymentLink)
    expect(page.items.at(-1)).toMatchObject({ name: 'משלוח עד הבית – צפון', price: 25 })

    expect(await payInSandbox(shop.ctx.baseUrl, paymentLink)).toBe(303)
    const admin = (await shop.ctx.app.inject({ url: `/api/orders/${order._id}` })).json().data
    expect(admin).toMatchObject({
      shippingFee: 25,
      totalPrice: 194.8,
      delivery: {
        methodId: method._id,
        kind: 'delivery',
        name: 'משלוח עד הבית',
        zoneName: 'צפון',
        daysMin: 2,
      },
    })
    const mails = (await shop.ctx.database.db.select().from(mailOutbox)).filter((mail) =>
      mail.dedupeKey.endsWith(order._id),
    )
    expect(mails.length).toBeGreaterThan(0)
    for (const mail of mails) expect(mail.text).toContain('משלוח עד הבית – צפון: \u206625.00 ₪\u2069')
  })

  it('charges ₪0 for pickup and tells the customer where and when to collect', async () => {
    await createMethod(home())
    const method = await createMethod(pickup())
    const response = await sale({ deliveryMethodId: method._id, totalPrice: 169.8 }, 'עכו')
    expect(response.statusCode, response.body).toBe(201)
    const { order, paymentLink } = response.json().data
    const page = await paymentPageOf(paymentLink)
    expect(page.items.at(-1)).toMatchObject({ name: 'איסוף עצמי', price: 0 })
    expect(page.amount).toBe(169.8)
    expect(await payInSandbox(shop.ctx.baseUrl, paymentLink)).toBe(303)
    const [mail] = (await shop.ctx.database.db.select().from(mailOutbox)).filter(
      (row) => row.dedupeKey.endsWith(order._id) && row.to === testCustomer.email,
    )
    expect(mail!.text).toContain('איסוף עצמי מ:\nרחוב השוק 1, תל אביב\nשעות פתיחה: א׳–ה׳ 9:00–18:00')
    expect(mail!.text).toContain('ההזמנה תהיה מוכנה לאיסוף:')
  })

  it('ships free at exactly the threshold, and charges one agora below it', async () => {
    const atThreshold = await createMethod(home({ freeAbove: 169.8 }))
    expect((await sale({ deliveryMethodId: atThreshold._id, totalPrice: 169.8 })).statusCode).toBe(201)
    await shop.ctx.database.db.delete(deliveryMethods)
    const above = await createMethod(home({ freeAbove: 169.81 }))
    const charged = await sale({ deliveryMethodId: above._id, totalPrice: 169.8 })
    expect(charged.statusCode).toBe(409)
    expect(charged.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      details: { shippingFee: 25, totalPrice: 194.8 },
    })
  })

  it("compares the threshold with the items after a coupon's discount", async () => {
    const code = freshCode()
    await shop.coupon({ code, kind: 'fixed', value: 10, minimumOrder: 169.8 })
    const method = await createMethod(home({ freeAbove: 160 }))
    // 169.80 − 10 = 159.80, under 160: shipping is charged. The coupon's minimum is exactly the cart.
    const response = await sale({ deliveryMethodId: method._id, couponCode: code, totalPrice: 184.8 })
    expect(response.statusCode, response.body).toBe(201)
    const admin = (await shop.ctx.app.inject({ url: `/api/orders/${response.json().data.order._id}` })).json()
      .data
    expect(admin).toMatchObject({ subtotal: 169.8, discount: 10, shippingFee: 25, totalPrice: 184.8 })
  })

  it('prices a city outside every zone by the zone of "everywhere else", and refuses it without one (422)', async () => {
    const without = await createMethod(home())
    const refused = await sale({ deliveryMethodId: without._id, totalPrice: 184.8 }, 'עכו')
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({
      code: 'DELIVERY_UNAVAILABLE',
      details: { city: 'עכו', methodId: without._id },
    })
    const withRest = await createMethod(
      home({
        zones: [...(home().zones ?? []), { name: 'שאר הארץ', price: 35, cities: [], everywhereElse: true }],
      }),
    )
    expect((await sale({ deliveryMethodId: withRest._id, totalPrice: 204.8 }, 'עכו')).statusCode).toBe(201)
  })

  it('refuses home delivery to an excluded city, but takes pickup there', async () => {
    const method = await createMethod(
      home({ zones: [{ name: 'הכול', price: 20, cities: [], everywhereElse: true }] }),
    )
    const collect = await createMethod(pickup())
    await shop.ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/delivery/settings',
      payload: { excludedCities: ['אילת'] },
    })
    const refused = await sale({ deliveryMethodId: method._id, totalPrice: 189.8 }, 'אילת')
    expect(refused.json().code).toBe('DELIVERY_UNAVAILABLE')
    expect((await sale({ deliveryMethodId: collect._id, totalPrice: 169.8 }, 'אילת')).statusCode).toBe(201)
  })

  it('asks for a method once the shop has its own, and refuses a deleted one (400, 422)', async () => {
    const method = await createMethod(home())
    const missing = await sale({ totalPrice: 194.8 })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().details).toEqual([
      { field: 'body.deliveryMethodId', message: 'validation.deliveryMethodRequired' },
    ])
    await shop.ctx.app.inject({ method: 'DELETE', url: `/api/admin/delivery/methods/${method._id}` })
    const deleted = await sale({ deliveryMethodId: method._id, totalPrice: 194.8 })
    expect(deleted.json().code).toBe('DELIVERY_UNAVAILABLE')
    const standard = await sale({ deliveryMethodId: 'standard', totalPrice: 184.8 })
    expect(standard.statusCode).toBe(201)
  })

  it('refuses a city that is not an Israeli locality, on the city field (400)', async () => {
    const response = await sale({ totalPrice: 184.8 }, 'Gotham')
    expect(response.statusCode).toBe(400)
    expect(response.json().details).toEqual([
      { field: 'body.customer.address.city', message: 'validation.cityUnknown' },
    ])
  })

  it("answers a coupon check with the chosen method's shipping", async () => {
    const code = freshCode()
    await shop.coupon({ code, kind: 'fixed', value: 10 })
    const method = await createMethod(home())
    const check = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/coupons/check',
      payload: {
        code,
        orderItems: saleRequest(shop.ids).orderItems,
        deliveryMethodId: method._id,
        city: 'רמת גן',
      },
    })
    expect(check.json().data).toMatchObject({ discount: 10, shippingFee: 20, totalPrice: 179.8 })
  })
})
