import { describe, expect, it, vi } from 'vitest'
import { buttonHref, expectShopperMail, useCustomerMailShop } from '../../test/customer-mail-shop.js'
import { pickup } from '../../test/delivery-shop.js'

// Issue 41: the shopper hears of every step they wait on, in the shop's layout, once each.
describe("the shopper's mails as the order moves on", () => {
  const shop = useCustomerMailShop()

  it('redesigns the confirmation: the shop, the lines, a button to the order, the disclosure', async () => {
    const order = await shop.paidOrder()
    const mail = await shop.mailTo(order.email, `אישור הזמנה ${order.number}`)
    expectShopperMail(mail)
    expect(mail.html).toContain('תבלין')
    expect(mail.html).toContain('background:#a63d17')
    expect(mail.text).toContain('מארז')
    // The lines' pictures, from the catalogue, as absolute addresses a mail program can load.
    expect(mail.html).toContain('<img src="http://shop.test/uploads/berbere.webp" width="56"')
    expect(mail.html).toContain('<img src="http://shop.test/uploads/injera.webp" width="56"')
    expect(mail.text).toContain('פרטי העסק ותנאי העסקה')
    expect(buttonHref(mail.html)).toBe(
      `http://shop.test/checkout/payment-pending?order=${order.id}&token=${order.token}`,
    )
    expect(mail.text).toContain(`לצפייה בהזמנה: http://shop.test/checkout/payment-pending?order=${order.id}`)
  })

  it('tells of shipping and delivery once each, and never of a step the order did not reach', async () => {
    const order = await shop.paidOrder()
    // Delivered before shipped: refused, nothing sent.
    const early = await shop.move(order.id, 'delivered')
    expect(early.statusCode).toBe(409)
    expect(early.json().code).toBe('INVALID_STATUS_TRANSITION')

    // The packing screen's bulk action, twice: the second finds the order shipped already.
    for (let round = 0; round < 2; round += 1) {
      const shipped = await shop.call('POST', '/api/orders/ship', { ids: [order.id] })
      expect(shipped.statusCode, shipped.body).toBe(200)
    }
    const shippedMail = await shop.mailTo(order.email, `ההזמנה נשלחה ${order.number}`)
    expectShopperMail(shippedMail)
    expect(shippedMail.text).toContain('יצאה למשלוח לכתובת: הרצל 12, תל אביב')
    expect(shippedMail.html).toContain('<img src="http://shop.test/uploads/berbere.webp"')
    expect(buttonHref(shippedMail.html)).toContain(`order=${order.id}`)

    expect((await shop.move(order.id, 'delivered')).statusCode).toBe(200)
    const delivered = await shop.mailTo(order.email, `ההזמנה נמסרה ${order.number}`)
    expectShopperMail(delivered)
    expect(delivered.text).toContain('נמסרה')

    // Files are named by the millisecond sent: two in one millisecond may list either way.
    expect(
      shop
        .mailsTo(order.email)
        .map((mail) => mail.subject.split(':')[1]!.trim())
        .sort(),
    ).toEqual(
      [`אישור הזמנה ${order.number}`, `ההזמנה נשלחה ${order.number}`, `ההזמנה נמסרה ${order.number}`].sort(),
    )
    // The file is written a moment before the outbox marks the mail sent.
    await vi.waitFor(
      async () =>
        expect(await shop.history(order.id)).toEqual([
          expect.objectContaining({ step: 'confirmation', outcome: 'queued', delivery: 'sent' }),
          expect.objectContaining({ step: 'shipped', outcome: 'queued', delivery: 'sent' }),
          expect.objectContaining({ step: 'delivered', outcome: 'queued', delivery: 'sent' }),
        ]),
      { timeout: 30_000, interval: 100 },
    )
  })

  it("names the courier and the tracking number the owner recorded, with the courier's page", async () => {
    const order = await shop.paidOrder()
    const couriers = (await shop.call('GET', '/api/admin/couriers')).json().data as {
      _id: string
      name: string
    }[]
    const israelPost = couriers.find((courier) => courier.name === 'דואר ישראל')!
    const tracked = await shop.call('PUT', `/api/orders/${order.id}/tracking`, {
      courierId: israelPost._id,
      trackingNumber: 'RR123456789IL',
    })
    expect(tracked.statusCode, tracked.body).toBe(200)
    expect((await shop.move(order.id, 'preparing')).statusCode).toBe(200)
    expect((await shop.move(order.id, 'shipped')).statusCode).toBe(200)
    const mail = await shop.mailTo(order.email, `ההזמנה נשלחה ${order.number}`)
    expectShopperMail(mail)
    expect(mail.text).toContain('דואר ישראל')
    expect(mail.text).toContain('RR123456789IL')
    expect(mail.html).toContain('href="https://mypost.israelpost.co.il/itemtrace?itemcode=RR123456789IL"')
  })

  it("sends nothing for a step the owner switched off, and the order's history says so", async () => {
    const off = await shop.call('PUT', '/api/admin/shop/customer-mails', {
      shipped: false,
      'ready-for-pickup': true,
      delivered: true,
      'refund-issued': true,
      'cancellation-approved': true,
      'cancellation-refused': true,
      'payment-failed': true,
    })
    expect(off.statusCode, off.body).toBe(200)
    try {
      const order = await shop.paidOrder()
      expect((await shop.move(order.id, 'preparing')).statusCode).toBe(200)
      expect((await shop.move(order.id, 'shipped')).statusCode).toBe(200)
      expect((await shop.move(order.id, 'delivered')).statusCode).toBe(200)
      await shop.mailTo(order.email, `ההזמנה נמסרה ${order.number}`)
      expect(shop.mailsTo(order.email).some((mail) => mail.subject.includes('ההזמנה נשלחה'))).toBe(false)
      expect(await shop.history(order.id)).toContainEqual(
        expect.objectContaining({ step: 'shipped', outcome: 'switched-off', delivery: null }),
      )
    } finally {
      await shop.call('PUT', '/api/admin/shop/customer-mails', {
        ...(await shop.call('GET', '/api/admin/shop/customer-mails')).json().data,
        shipped: true,
      })
    }
  })

  it('refuses a switch that is not a yes or no', async () => {
    const bad = await shop.call('PUT', '/api/admin/shop/customer-mails', { shipped: 'maybe' })
    expect(bad.statusCode).toBe(400)
  })

  // Last: once the shop has a method of its own, every order must name one.
  it('tells a pickup order where and when to collect it instead of "shipped"', async () => {
    const created = await shop.call('POST', '/api/admin/delivery/methods', pickup())
    expect(created.statusCode, created.body).toBe(201)
    const order = await shop.paidOrder({ deliveryMethodId: created.json().data._id, totalPrice: 169.8 })
    expect((await shop.move(order.id, 'preparing')).statusCode).toBe(200)
    expect((await shop.move(order.id, 'shipped')).statusCode).toBe(200)
    const mail = await shop.mailTo(order.email, `ההזמנה מוכנה לאיסוף ${order.number}`)
    expectShopperMail(mail)
    expect(mail.text).toContain('כתובת האיסוף: רחוב השוק 1, תל אביב')
    expect(mail.text).toContain('שעות פתיחה: א׳–ה׳ 9:00–18:00')
    expect(shop.mailsTo(order.email).some((sent) => sent.subject.includes('ההזמנה נשלחה'))).toBe(false)
  })
})
