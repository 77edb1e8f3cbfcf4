import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useCartStore } from '../../stores/cart-store'
import { fail, fakeApi, ok, publicConfig } from '../../testing/fake-api'
import { renderApp } from '../../testing/render'
import { expectShopPrices } from '../../testing/price-format'

const ORDER = '33333333-3333-4333-8333-333333333333'
const TX = 'tx-0001'
const record = {
  orderId: ORDER,
  number: 'TV-1001',
  paymentLink: 'https://pay.test/p',
  statusToken: 'tok-1',
  createdAt: 1,
}

const thankYou = {
  _id: ORDER,
  number: 'TV-1001',
  orderStatus: 'paid',
  customer_email: 'noa@example.com',
  card_information: {
    card_holder_name: 'נועה כהן',
    identification_number: '*****0018',
    // As the sandbox and PayPlus send them: the id, and the name in lower case.
    brand_id: 2,
    brand_name: 'visa',
    four_digits: '4242',
  },
  orderItems: [
    {
      itemId: 'p1',
      itemType: 'Product',
      item: { name: 'כמון טחון' },
      size: '100 גרם',
      quantity: 2,
      price: 12.9,
      lineTotal: 25.8,
    },
    {
      itemId: 'k1',
      itemType: 'Package',
      item: { name: 'מארז אינג׳רה' },
      size: 'package',
      quantity: 1,
      price: 149,
      lineTotal: 149,
    },
  ],
  subtotal: 174.8,
  shippingFee: 15,
  vat: 28.95,
  vatRate: 0.18,
  totalPrice: 189.8,
  createdAt: '2026-03-01T10:00:00.000Z',
}

let api: ReturnType<typeof fakeApi>

beforeEach(() => {
  useCartStore.setState({
    lines: [{ itemId: 'p1', itemType: 'Product', size: '100 גרם', quantity: 2, price: 12.9 }],
  })
  api = fakeApi({
    'GET /api/orders/:id/status': () =>
      ok({
        _id: ORDER,
        orderStatus: 'paid',
        number: 'TV-1001',
        paymentLink: null,
        payableUntil: null,
        isDeclined: false,
      }),
    'GET /api/orders/:id/:tx': () => ok(thankYou),
    'GET /api/config': () => ok({ ...publicConfig, deliveryDays: { min: 3, max: 5 } }),
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  sessionStorage.clear()
})

const found = `/thank-you?transaction_uid=${TX}&more_info=${ORDER}&status=approved`

describe('thank-you page', { timeout: 15_000 }, () => {
  it('shows the confirmed order: e-mail, card, items, real totals and the configured delivery window', async () => {
    localStorage.setItem(
      'checkout-form',
      JSON.stringify({ savedAt: Date.now(), values: { firstName: 'נועה' } }),
    )
    const attempt = { key: 'checkout-1', fingerprint: 'f', payableUntil: Date.now() + 600_000 }
    sessionStorage.setItem('pending-payment', JSON.stringify({ ...record, attempt }))
    renderApp(found)
    expect(screen.getByRole('status', { name: 'טוען…' })).toBeInTheDocument()
    expect(await screen.findByText('noa@example.com', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(api.callsTo('GET', `/api/orders/${ORDER}/${TX}`)).toHaveLength(1)
    expect(screen.getByRole('heading', { level: 1, name: 'תודה על ההזמנה!' })).toBeInTheDocument()
    expect(screen.getByText('TV-1001')).toBeInTheDocument()
    expect(screen.getByText('נועה כהן')).toBeInTheDocument()
    expect(screen.getByText('*****0018')).toBeInTheDocument()
    // The brand's proper name, then the digits, each isolated from the Hebrew around it.
    const card = screen.getByText('כרטיס', { selector: 'dt' }).nextElementSibling as HTMLElement
    expect(card).toHaveTextContent('Visa המסתיים ב־4242')
    expect(within(card).getByText('Visa').tagName).toBe('BDI')
    expect(within(card).getByText('4242')).toHaveAttribute('dir', 'ltr')
    expect(screen.getByText('כמון טחון')).toBeInTheDocument()
    expect(screen.getByText('מארז אינג׳רה')).toBeInTheDocument()
    const totals = screen.getByText('סה״כ לתשלום').closest('dl')!
    expect(within(totals).getByText('174.80 ₪')).toBeInTheDocument()
    expect(within(totals).getByText('15.00 ₪')).toBeInTheDocument()
    expect(within(totals).getByText('28.95 ₪')).toBeInTheDocument()
    expect(within(totals).getByText('189.80 ₪')).toBeInTheDocument()
    // Lines and totals alike in the shop's one form (2 lines × 2 figures + 4 totals).
    expect(expectShopPrices(screen.getByRole('main'))).toHaveLength(8)
    // Ordered on Sunday 1 March 2026; 3–5 business days (Sunday–Thursday) is Wednesday to Sunday,
    // as the terms promise — not a week.
    expect(await screen.findByText('יום רביעי, 4 במרץ – יום ראשון, 8 במרץ')).toBeInTheDocument()
    expect(screen.getByText('3–5 ימי עסקים (ראשון עד חמישי)')).toBeInTheDocument()
    // Paid: the cart's lines are in the order now, and the checkout's details are not kept
    // (issue 35); the same cart again would be a new order, not this one replayed.
    await waitFor(() => expect(useCartStore.getState().lines).toEqual([]))
    expect(localStorage.getItem('checkout-form')).toBeNull()
    expect(JSON.parse(sessionStorage.getItem('pending-payment')!)).toEqual(record)
  })

  it("confirms an empty return of PayPlus by the order's status, with the token its address carries", async () => {
    renderApp(`/thank-you?more_info=${ORDER}&token=tok-7`)
    expect(await screen.findByText('TV-1001', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText('התשלום התקבל. פרטי ההזמנה המלאים נשלחו אליכם בדוא״ל.')).toBeInTheDocument()
    expect(api.callsTo('GET', `/api/orders/${ORDER}/status`)[0]?.query.get('token')).toBe('tok-7')
  })

  it('continue shopping clears the cart and the pending record', async () => {
    sessionStorage.setItem('pending-payment', JSON.stringify(record))
    const { user, router } = renderApp(found)
    await user.click(await screen.findByRole('link', { name: 'המשך קניות' }, { timeout: 5000 }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'), { timeout: 5000 })
    expect(sessionStorage.getItem('pending-payment')).toBeNull()
    expect(useCartStore.getState().lines).toEqual([])
  })

  it("says 'No transaction ID found' without transaction_uid and more_info, with a way home", async () => {
    const { user, router } = renderApp('/thank-you')
    expect(await screen.findByText('לא נמצא מזהה עסקה.', {}, { timeout: 5000 })).toBeInTheDocument()
    // Nothing about an order is asked for; the footer's business details are the only read.
    expect(api.calls.filter((call) => !call.path.startsWith('/api/shop/'))).toHaveLength(0)
    expect(useCartStore.getState().lines).toHaveLength(1)
    await user.click(screen.getByRole('link', { name: 'לדף הבית' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 })
    expect(useCartStore.getState().lines).toEqual([])
  })

  it('shows errors.orderNotFound for a 404, keeping the cart', async () => {
    api.queue('GET /api/orders/:id/:tx', () => fail(404, 'NOT_FOUND'))
    renderApp(found)
    expect(await screen.findByText('ההזמנה לא נמצאה.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'לדף הבית' })).toHaveAttribute('href', '/')
    expect(useCartStore.getState().lines).toHaveLength(1)
  })

  it('shows errors.orderError when the order cannot be confirmed', async () => {
    api.queue(
      'GET /api/orders/:id/:tx',
      () => fail(502, 'PAYMENT_PROVIDER_ERROR'),
      () => fail(502, 'PAYMENT_PROVIDER_ERROR'),
    )
    renderApp(found)
    expect(
      await screen.findByText(
        'לא הצלחנו לטעון את פרטי ההזמנה. אנא נסו שוב מאוחר יותר.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument()
  })

  it('confirms by status when the pending page sent the visitor with the order id only', async () => {
    sessionStorage.setItem('pending-payment', JSON.stringify(record))
    renderApp(`/thank-you?more_info=${ORDER}`)
    expect(
      await screen.findByText('התשלום התקבל. פרטי ההזמנה המלאים נשלחו אליכם בדוא״ל.', {}, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(screen.getByText('TV-1001')).toBeInTheDocument()
    expect(api.callsTo('GET', `/api/orders/${ORDER}/status`)[0]?.query.get('token')).toBe('tok-1')
  })

  it("shows a sent order's courier and tracking number on its status page (issue 41)", async () => {
    const shipped = () =>
      ok({
        _id: ORDER,
        orderStatus: 'shipped',
        number: 'TV-1001',
        paymentLink: null,
        payableUntil: null,
        isDeclined: false,
        tracking: {
          courierId: '77777777-7777-4777-8777-777777777777',
          courierName: 'HFD',
          trackingNumber: 'HF-778899',
          trackingUrl: 'https://hfd.example.test/t/HF-778899',
        },
      })
    api.queue('GET /api/orders/:id/status', shipped, shipped, shipped)
    renderApp(`/thank-you?more_info=${ORDER}&token=tok-7`)
    const tracking = await screen.findByRole('region', { name: 'מעקב משלוח' }, { timeout: 5000 })
    expect(within(tracking).getByText('HF-778899').tagName).toBe('BDI')
    const link = within(tracking).getByRole('link', { name: /מעקב באתר HFD/ })
    expect(link).toHaveAttribute('href', 'https://hfd.example.test/t/HF-778899')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('does not confirm an order id it cannot check', async () => {
    renderApp(`/thank-you?more_info=${ORDER}`)
    expect(await screen.findByText('ההזמנה לא נמצאה.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(api.calls.filter((call) => !call.path.startsWith('/api/shop/'))).toHaveLength(0)
  })

  it('shows a pickup order’s method, the shop’s address and hours, and when it will be ready', async () => {
    api.queue('GET /api/orders/:id/:tx', () =>
      ok({
        ...thankYou,
        shippingFee: 0,
        vat: 26.66,
        totalPrice: 174.8,
        delivery: {
          methodId: '66666666-6666-4666-8666-666666666666',
          kind: 'pickup',
          name: 'איסוף מהחנות',
          zoneName: null,
          daysMin: 1,
          daysMax: 2,
          pickupAddress: 'הנביאים 12, ירושלים',
          openingHours: 'א׳–ה׳ 9:00–18:00',
        },
      }),
    )
    renderApp(found)
    expect(await screen.findByText('איסוף מהחנות', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText('אופן המשלוח')).toBeInTheDocument()
    expect(screen.getByText('כתובת לאיסוף: הנביאים 12, ירושלים')).toBeInTheDocument()
    expect(screen.getByText('שעות פתיחה: א׳–ה׳ 9:00–18:00')).toBeInTheDocument()
    // Ordered on Sunday 1 March 2026: ready within 1–2 business days, not the shop's 3–5.
    expect(screen.getByText('מועד משוער שההזמנה תהיה מוכנה לאיסוף')).toBeInTheDocument()
    expect(screen.getByText('יום שני, 2 במרץ – יום שלישי, 3 במרץ')).toBeInTheDocument()
    expect(screen.getByText('1–2 ימי עסקים (ראשון עד חמישי) מרגע ההזמנה')).toBeInTheDocument()
    expect(screen.queryByText('מועד משלוח משוער')).not.toBeInTheDocument()
  })

  it('shows a home delivery order’s method with its zone', async () => {
    api.queue('GET /api/orders/:id/:tx', () =>
      ok({
        ...thankYou,
        delivery: {
          methodId: '55555555-5555-4555-8555-555555555555',
          kind: 'delivery',
          name: 'שליח עד הבית',
          zoneName: 'צפון',
          daysMin: 2,
          daysMax: 4,
          pickupAddress: null,
          openingHours: null,
        },
      }),
    )
    renderApp(found)
    expect(await screen.findByText('שליח עד הבית – צפון', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText('מועד משלוח משוער')).toBeInTheDocument()
    expect(screen.getByText('2–4 ימי עסקים (ראשון עד חמישי)')).toBeInTheDocument()
  })

  it('shows the coupon discount as its own line of the totals', async () => {
    // 174.80 − 17.48 + 15 = 172.32, VAT after the discount
    api.queue('GET /api/orders/:id/:tx', () =>
      ok({ ...thankYou, discount: 17.48, couponCode: 'SAVE10', vat: 26.29, totalPrice: 172.32 }),
    )
    renderApp(found)
    const totals = (await screen.findByText('סה״כ לתשלום', {}, { timeout: 5000 })).closest('dl')!
    const label = within(totals).getByText('הנחה (קופון SAVE10)')
    expect(label.nextElementSibling).toHaveTextContent('−17.48 ₪')
    expect(within(totals).getByText('172.32 ₪')).toBeInTheDocument()
    expect(within(totals).getByText('26.29 ₪')).toBeInTheDocument()
  })
})
