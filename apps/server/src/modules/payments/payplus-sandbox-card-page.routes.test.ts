import { describe, expect, it } from 'vitest'
import { PACKAGE_SIZE } from '@tavlin/contracts'
import { saleRequest } from '../../test/factories.js'
import { SANDBOX_CARDS } from './payplus-sandbox.service.js'
import { useOrdersShop, type SaleData } from '../../test/orders-shop.js'

// The sandbox's hosted card page, as a shopper's browser meets it (PGlite and PostgreSQL).
const shop = useOrdersShop()

describe('the card page', () => {
  it('shows the amount in the one price form of the shop, with thousands and two decimals', async () => {
    const response = await shop.sale(
      saleRequest(shop.ids, {
        orderItems: [
          { itemId: shop.ids.packageId, itemType: 'Package', size: PACKAGE_SIZE, quantity: 9, price: 120 },
        ],
        totalPrice: 1095,
      }),
    )
    expect(response.statusCode).toBe(201)
    const sale = response.json().data as SaleData
    const page = await shop.ctx.app.inject({ url: new URL(sale.paymentLink).pathname })
    expect(page.statusCode).toBe(200)
    // Once beside "סכום לתשלום", once on the pay button.
    expect(page.body.split('<bdi dir="ltr">1,095.00 ₪</bdi>')).toHaveLength(3)
    expect(page.body).not.toMatch(/₪\s*\d/)
  })

  it('lists its test cards in Hebrew, each with what it does, and the rest of the form', async () => {
    const sale = await shop.newOrder()
    const page = await shop.ctx.app.inject({ url: new URL(sale.paymentLink).pathname })
    const section = /<section class="test-cards"[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? ''
    expect(section).toContain('<h2 id="test-cards-title">כרטיסים לבדיקה</h2>')
    const rows = [...section.matchAll(/<dt>(.*?)<\/dt><dd>(.*?)<\/dd>/g)].map(([, card, outcome]) => [
      card?.replace(/<[^>]+>/g, ''),
      outcome,
    ])
    expect(rows).toEqual([
      ['4580 0000 0000 0000', 'התשלום מאושר'],
      ['4000 0000 0000 0002', 'התשלום נדחה (סירוב של חברת האשראי)'],
      ['5326 1000 0000 0004', 'תשלום מפוצל: 40% בכרטיס מועדון והשאר בכרטיס האשראי'],
      ['כל מספר כרטיס תקין אחר', 'התשלום נדחה'],
    ])
    // The numbers are the ones the page acts on.
    expect(Object.values(SANDBOX_CARDS).map((digits) => digits.replace(/(\d{4})(?=\d)/g, '$1 '))).toEqual(
      rows.slice(0, 3).map(([card]) => card),
    )
    expect(section).toContain('תעודת זהות תקינה כמו <bdi dir="ltr">000000018</bdi>')
  })

  it('"back" after paying, or a stale link, still leads on: to the order and to the shop', async () => {
    const sale = await shop.newOrder()
    const pagePath = new URL(sale.paymentLink).pathname
    const paid = await shop.ctx.app.inject({
      method: 'POST',
      url: pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `card_number=${SANDBOX_CARDS.approved}&card_holder_name=נועה כהן&identification_number=000000018&expiry_month=12&expiry_year=${new Date().getFullYear() + 2}&cvv=123`,
    })
    expect(paid.statusCode).toBe(303)
    const linksOf = (html: string) =>
      [...html.matchAll(/<a class="way-back" href="([^"]*)">([^<]*)<\/a>/g)].map(([, href, label]) => [
        href!.replaceAll('&amp;', '&'),
        label,
      ])
    const origin = shop.ctx.config.publicUrl
    const back = await shop.ctx.app.inject({ url: pagePath })
    expect(back.statusCode).toBe(409)
    expect(back.body).toContain('התשלום כבר בוצע')
    const [order, home] = linksOf(back.body)
    expect(home).toEqual([`${origin}/`, 'חזרה לחנות'])
    expect(order?.[1]).toBe('לפרטי ההזמנה')
    const orderUrl = new URL(order![0]!)
    expect(`${orderUrl.origin}${orderUrl.pathname}`).toBe(`${origin}/thank-you`)
    expect(orderUrl.searchParams.get('order')).toBe(sale.order._id)
    // The shop turns it into the order's thank-you page, found by its token.
    const resolved = await shop.ctx.app.inject({ url: `${orderUrl.pathname}${orderUrl.search}` })
    expect(resolved.headers.location).toContain(`more_info=${sale.order._id}`)

    const stale = await shop.ctx.app.inject({
      url: '/sandbox/payplus/pay/00000000-0000-4000-8000-000000000000',
    })
    expect(stale.statusCode).toBe(404)
    expect(linksOf(stale.body)).toEqual([[`${origin}/`, 'חזרה לחנות']])
  })

  it('validates the card form: Luhn, holder, Israeli ID check digit, future expiry, CVV', async () => {
    const sale = await shop.newOrder()
    const response = await shop.ctx.app.inject({
      method: 'POST',
      url: new URL(sale.paymentLink).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'card_number=4580000000000001&card_holder_name=&identification_number=123456789&expiry_month=01&expiry_year=2020&cvv=1',
    })
    expect(response.statusCode).toBe(400)
    for (const message of [
      'מספר הכרטיס אינו תקין',
      'יש להזין את שם בעל הכרטיס',
      'מספר תעודת הזהות אינו תקין',
      'תוקף הכרטיס פג',
      'CVV',
    ]) {
      expect(response.body).toContain(message)
    }
    expect(response.body).not.toContain('4580000000000001')
    expect(response.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">')
    expect((await shop.ctx.app.inject({ url: '/sandbox/payplus/pay/not-a-page' })).statusCode).toBe(404)
  })
})
