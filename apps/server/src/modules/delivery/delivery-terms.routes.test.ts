import { describe, expect, it } from 'vitest'
import { formatShekelsText } from '@tavlin/contracts'
import { mailOutbox } from '../../db/schema/index.js'
import { home, pickup, useDeliveryShop } from '../../test/delivery-shop.js'
import { payInSandbox } from '../../test/pay-in-sandbox.js'

// Issue 35: checkout's disclosure and the terms said "3–5 ימי עסקים … אין משלוח ל: יהודה
// ושומרון, אילת והערבה … דמי המשלוח (15.00 ₪)" after the owner set 2–4 days, zones at ₪15
// and ₪25, free from ₪200 and pickup in Eilat. Every delivery sentence is written from the
// delivery methods: change them and every place says the new thing.
const { shop, createMethod, sale } = useDeliveryShop()
const shekels = formatShekelsText

async function shown() {
  const read = async (url: string) => {
    const response = await shop.ctx.app.inject({ url })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().data
  }
  const details = (await read('/api/shop/details')) as { delivery: string; deliveryFees: string }
  const terms = ((await read('/api/shop/pages/terms')) as { html: string }).html
  const shipping = ((await read('/api/shop/pages/shipping')) as { html: string }).html
  return { ...details, terms, shipping }
}

describe('every delivery sentence comes from the delivery methods', () => {
  it('says the standard method until the owner defines one', async () => {
    const { delivery, deliveryFees, terms, shipping } = await shown()
    expect(delivery).toBe(`משלוח עד הבית: אספקה תוך 3–5 ימי עסקים מיום התשלום; דמי משלוח ${shekels(15)}.`)
    expect(deliveryFees).toBe(shekels(15))
    for (const page of [terms, shipping]) {
      expect(page).toContain(delivery)
      expect(page).not.toMatch(/יהודה ושומרון|אילת/)
    }
  })

  it("says the owner's methods, zones, fees, threshold, pickup and excluded cities, everywhere", async () => {
    const homeDelivery = await createMethod(
      home({
        freeAbove: 200,
        zones: [
          { name: 'מרכז', price: 15, cities: ['תל אביב-יפו', 'רמת גן'] },
          { name: 'שאר הארץ', price: 25, everywhereElse: true },
        ],
      }),
    )
    await createMethod(pickup({ name: 'איסוף מאילת', pickupAddress: 'התמרים 4, אילת', daysMax: 2 }))
    const settings = await shop.ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/delivery/settings',
      payload: { excludedCities: ['ירוחם'] },
    })
    expect(settings.statusCode, settings.body).toBe(200)

    const expected =
      `משלוח עד הבית: אספקה תוך 2–4 ימי עסקים מיום התשלום; דמי משלוח לפי אזור: מרכז ${shekels(15)}, ` +
      `שאר הארץ ${shekels(25)}, חינם בהזמנה של ${shekels(200)} ומעלה. ` +
      'איסוף מאילת: איסוף מהכתובת התמרים 4, אילת (א׳–ה׳ 9:00–18:00); ההזמנה מוכנה לאיסוף תוך 1–2 ימי עסקים מיום התשלום, ללא דמי משלוח. ' +
      'אין משלוח עד הבית ליישובים: ירוחם.'
    const { delivery, deliveryFees, terms, shipping } = await shown()
    expect(delivery).toBe(expected)
    expect(deliveryFees).toBe(
      `${shekels(15)} עד ${shekels(25)}, לפי דרך המשלוח והיישוב; חינם בהזמנה של ${shekels(200)} ומעלה; איסוף עצמי ללא תשלום`,
    )
    for (const page of [terms, shipping]) {
      expect(page).toContain(expected)
      expect(page).toContain(deliveryFees)
      expect(page).not.toMatch(/3–5|יהודה ושומרון/)
    }

    // The order e-mail's disclosure says the same, from the same methods.
    const response = await sale({ deliveryMethodId: homeDelivery._id, totalPrice: 194.8 })
    expect(response.statusCode, response.body).toBe(201)
    const { order, paymentLink } = response.json().data
    expect(await payInSandbox(shop.ctx.baseUrl, paymentLink)).toBe(303)
    const [mail] = (await shop.ctx.database.db.select().from(mailOutbox)).filter(
      (row) => row.dedupeKey === `order-confirmation:${order._id}`,
    )
    expect(mail!.text).toContain(`דרכי המשלוח וזמני האספקה: ${expected}`)
  })

  it('says where home delivery goes when no zone covers the rest of the country, and a free method', async () => {
    await createMethod(
      home({ name: 'שליח', daysMin: 1, daysMax: 1, zones: [{ name: 'מרכז', price: 0, cities: ['רמת גן'] }] }),
    )
    const { delivery, deliveryFees } = await shown()
    expect(delivery).toBe(
      'שליח: אספקה תוך יום עסקים אחד מיום התשלום; ללא דמי משלוח; רק ליישובים שבאזור מרכז.',
    )
    expect(deliveryFees).toBe('משלוח עד הבית ללא תשלום')
  })
})
