import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { useCartStore, type CartLine } from '../../stores/cart-store'
import { fail, fakeApi, ok, packageFixture, productFixture, publicConfig } from '../../testing/fake-api'
import { renderApp } from '../../testing/render'
import { expectShopPrices } from '../../testing/price-format'

const CUMIN = '11111111-1111-4111-8111-111111111111'
const BOX = '22222222-2222-4222-8222-222222222222'
const ORDER = '33333333-3333-4333-8333-333333333333'
const lines: CartLine[] = [
  { itemId: CUMIN, itemType: 'Product', size: '100 גרם', quantity: 2, price: 12.9 },
  { itemId: BOX, itemType: 'Package', size: 'package', quantity: 1, price: 149 },
]
const LINK = 'https://pay.example.test/pay/abc'
const created = () =>
  ok(
    { paymentLink: LINK, order: { _id: ORDER, number: 'TV-1001', totalPrice: 189.8, statusToken: 'tok-1' } },
    201,
  )

function shopApi() {
  return fakeApi({
    'GET /api/config': () => ok(publicConfig),
    [`GET /api/products/${CUMIN}`]: () => ok(productFixture(CUMIN, 'כמון טחון', 12.9)),
    [`GET /api/packages/${BOX}`]: () => ok(packageFixture(BOX, 'מארז אינג׳רה', 149)),
    'POST /api/orders/generate-sale': created,
    'GET /api/orders/:id/status': () => ok({ _id: ORDER, orderStatus: 'pending_payment' }),
  })
}

let api: ReturnType<typeof shopApi>
let open: MockInstance<typeof window.open>

beforeEach(() => {
  useCartStore.setState({ lines })
  api = shopApi()
  // The browser's edge: a tab object whose opener the checkout cuts.
  open = vi.spyOn(window, 'open').mockImplementation(() => ({ opener: window }) as unknown as Window)
})
afterEach(() => {
  vi.restoreAllMocks()
  sessionStorage.clear()
})

type User = ReturnType<typeof renderApp>['user']

const form = () => screen.getByRole('region', { name: 'פרטי המשלוח' })
const field = (label: string | RegExp) => within(form()).getByLabelText(label)
const findField = async (label: string) =>
  within(await screen.findByRole('region', { name: 'פרטי המשלוח' })).getByLabelText(label)

async function fillValid(user: User) {
  await user.type(await findField('שם פרטי'), 'נועה')
  await user.type(field('שם משפחה'), 'כהן')
  await user.type(field('דוא״ל'), 'noa@example.com')
  await user.type(field('טלפון נייד'), '050-1234567')
  await user.type(field('רחוב'), 'הרצל')
  await user.type(field('מספר בית'), '12')
  await user.type(field('עיר'), 'חיפה')
}

// As a visitor would: the button is clickable once the shop settings and totals are in.
async function submit(user: User) {
  const button = screen.getByRole('button', { name: 'מעבר לתשלום' })
  await waitFor(() => expect(button).toBeEnabled())
  await user.click(button)
}
const summary = () => screen.getByRole('region', { name: 'סיכום הזמנה' })

describe('checkout summary', { timeout: 15_000 }, () => {
  it('lists the lines and the totals the server will charge: shipping and the VAT inside the total', async () => {
    renderApp('/checkout')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'סיום הזמנה' }, { timeout: 5000 }),
    ).toBeInTheDocument()
    // The form and summary load with their own chunk, for a cart with something in it.
    await screen.findByRole('region', { name: 'סיכום הזמנה' }, { timeout: 5000 })
    expect(await within(summary()).findByText('כמון טחון')).toBeInTheDocument()
    expect(await within(summary()).findByText('מארז אינג׳רה')).toBeInTheDocument()
    expect(within(summary()).getByText('גודל: 100 גרם')).toBeInTheDocument()
    expect(within(summary()).getByText('25.80 ₪')).toBeInTheDocument()
    const totals = await within(summary()).findByText('סה״כ לתשלום')
    const list = totals.closest('dl')!
    expect(within(list).getByText('174.80 ₪')).toBeInTheDocument()
    expect(within(list).getByText('15.00 ₪')).toBeInTheDocument()
    expect(within(list).getByText('מתוכו מע״מ (18%)')).toBeInTheDocument()
    // 189.80 − 189.80 / 1.18, in whole agorot
    expect(within(list).getByText('28.95 ₪')).toBeInTheDocument()
    expect(within(list).getByText('189.80 ₪')).toBeInTheDocument()
    // Lines and totals alike in the shop's one form (2 lines × 2 figures + 4 totals).
    expect(expectShopPrices(summary())).toHaveLength(8)
  })

  it('marks a line whose item details cannot be loaded, keeping its price and quantity', async () => {
    api.queue(`GET /api/products/${CUMIN}`, () => fail(404, 'NOT_FOUND'))
    renderApp('/checkout')
    const missing = await screen.findByText('פריט לא נמצא', {}, { timeout: 5000 })
    const row = missing.closest('li')!
    expect(within(row).getByText('25.80 ₪')).toBeInTheDocument()
    expect(within(row).getByText('גודל: 100 גרם')).toBeInTheDocument()
  })

  it('does not offer checkout for an empty cart', async () => {
    useCartStore.setState({ lines: [] })
    renderApp('/checkout')
    expect(await screen.findByText('הסל שלכם ריק — אין עדיין מה להזמין.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'מעבר לתשלום' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'חזרה לחנות' })).toHaveAttribute('href', '/products')
  })

  it('says so when the shop settings cannot be loaded, and keeps the submit off', async () => {
    api.queue('GET /api/config', () => fail(500, 'INTERNAL_ERROR'))
    renderApp('/checkout')
    expect(await screen.findByText('לא הצלחנו לטעון את סיכום ההזמנה.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'מעבר לתשלום' })).toBeDisabled()
  })

  it('lists each loading error under the summary message (spec §8), and a retry loads them again', async () => {
    api.queue('GET /api/config', () => fail(500, 'INTERNAL_ERROR'))
    api.queue(`GET /api/products/${CUMIN}`, () => fail(503, 'SERVICE_UNAVAILABLE'))
    const { user } = renderApp('/checkout')
    const summary = await screen.findByRole('region', { name: 'סיכום הזמנה' })
    const alert = await within(summary).findByRole('alert')
    await waitFor(() => expect(within(alert).getAllByRole('listitem')).toHaveLength(2))
    expect(within(alert).getByText('לא הצלחנו לטעון את סיכום ההזמנה.')).toBeInTheDocument()
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['אירעה שגיאה בשרת. נא לנסות שוב מאוחר יותר.', 'השירות אינו זמין כרגע. נא לנסות שוב בעוד רגע.'])

    await user.click(within(alert).getByRole('button', { name: 'לנסות שוב' }))
    expect(await within(summary).findByText('189.80 ₪')).toBeInTheDocument()
    expect(await within(summary).findByText('כמון טחון')).toBeInTheDocument()
    expect(within(summary).queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('checkout form rules', { timeout: 15_000 }, () => {
  it('shows every required-field message at its field and focuses the first, sending nothing', async () => {
    const { user } = renderApp('/checkout')
    await screen.findByText('189.80 ₪')
    await submit(user)
    const expected: Array<[string, string]> = [
      ['שם פרטי', 'נא להזין שם פרטי'],
      ['שם משפחה', 'נא להזין שם משפחה'],
      ['דוא״ל', 'נא להזין כתובת דוא״ל תקינה'],
      ['טלפון נייד', 'מספר הנייד חייב להכיל לפחות 10 ספרות'],
      ['רחוב', 'נא להזין רחוב'],
      ['מספר בית', 'נא להזין מספר בית'],
      ['עיר', 'נא להזין עיר'],
    ]
    for (const [label, message] of expected) {
      const field = await findField(label)
      expect(field).toHaveAttribute('aria-invalid', 'true')
      expect(field).toHaveAccessibleDescription(message)
    }
    expect(field(/מיקוד/)).toHaveAttribute('aria-invalid', 'false')
    expect(field(/הערות להזמנה/)).toHaveAttribute('aria-invalid', 'false')
    expect(field('שם פרטי')).toHaveFocus()
    expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(0)
  })

  it('rejects a phone under 10 digits (a dash is not a digit) and a malformed e-mail, focusing the first', async () => {
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await user.clear(field('דוא״ל'))
    await user.type(field('דוא״ל'), 'noa@')
    await user.clear(field('טלפון נייד'))
    await user.type(field('טלפון נייד'), '050-123456')
    await submit(user)
    expect(await screen.findByText('מספר הנייד חייב להכיל לפחות 10 ספרות')).toBeInTheDocument()
    expect(screen.getByText('נא להזין כתובת דוא״ל תקינה')).toBeInTheDocument()
    expect(field('דוא״ל')).toHaveFocus()
    expect(screen.queryByText('נא להזין שם פרטי')).not.toBeInTheDocument()
    expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(0)
  })

  it('puts a server validation error back on its field', async () => {
    api.queue('POST /api/orders/generate-sale', () =>
      fail(400, 'VALIDATION_ERROR', [
        { field: 'body.customer.address.city', message: 'validation.cityRequired' },
      ]),
    )
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await submit(user)
    await waitFor(() => expect(field('עיר')).toHaveAccessibleDescription('נא להזין עיר'))
    await waitFor(() => expect(field('עיר')).toHaveFocus())
  })
})

describe('checkout submission', { timeout: 15_000 }, () => {
  it('shows the processing state, then opens the payment tab, keeps the pending record and goes to the pending page', async () => {
    let release: (response: Response) => void = () => {}
    api.queue('POST /api/orders/generate-sale', () => new Promise<Response>((resolve) => (release = resolve)))
    const paymentTab = { opener: window } as unknown as Window
    open.mockReturnValue(paymentTab)
    const { user, router } = renderApp('/checkout')
    await fillValid(user)
    await user.type(field(/מיקוד/), '3303100')
    await submit(user)

    const processing = await screen.findByRole('button', { name: 'מעבדים את ההזמנה…' })
    expect(processing).toBeDisabled()
    expect(screen.getByRole('button', { name: 'ביטול' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'ניקוי הסל וחזרה לחנות' })).toBeDisabled()
    expect(field('שם פרטי')).toBeDisabled()
    expect(screen.getByRole('status', { name: 'טוען…' })).toBeInTheDocument()

    // The request leaves once the client's spacing lets it (at least 100 ms after the last).
    await waitFor(() => expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(1))
    const [post] = api.callsTo('POST', '/api/orders/generate-sale')
    expect(post?.body).toEqual({
      orderItems: lines.map(({ itemId, itemType, size, quantity, price }) => ({
        itemId,
        itemType,
        size,
        quantity,
        price,
      })),
      totalPrice: 189.8,
      customer: {
        firstName: 'נועה',
        lastName: 'כהן',
        email: 'noa@example.com',
        phone: '050-1234567',
        address: { street: 'הרצל', streetNum: '12', city: 'חיפה', postal_code: '3303100' },
        notes: '',
      },
    })
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^checkout-[0-9a-f]{32}$/)

    act(() => release(created()))
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/payment-pending'), {
      timeout: 5000,
    })
    expect(open).toHaveBeenCalledWith(LINK, '_blank')
    // The payment page gets no handle on the shop's tab.
    expect(paymentTab.opener).toBeNull()
    expect(JSON.parse(sessionStorage.getItem('pending-payment') ?? '{}')).toMatchObject({
      orderId: ORDER,
      number: 'TV-1001',
      paymentLink: LINK,
      statusToken: 'tok-1',
      createdAt: expect.any(Number),
    })
    expect(await screen.findByText('TV-1001')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'פתיחת דף התשלום' })).toHaveAttribute('href', LINK)
    expect(screen.queryByText(/הדפדפן חסם/)).not.toBeInTheDocument()
  })

  it('retries a failed attempt once with the same Idempotency-Key', async () => {
    api.queue('POST /api/orders/generate-sale', () => fail(503, 'SERVICE_UNAVAILABLE'))
    const { user, router } = renderApp('/checkout')
    await fillValid(user)
    await submit(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/payment-pending'), {
      timeout: 4000,
    })
    const posts = api.callsTo('POST', '/api/orders/generate-sale')
    expect(posts).toHaveLength(2)
    expect(posts[1]?.headers.get('Idempotency-Key')).toBe(posts[0]?.headers.get('Idempotency-Key'))
  })

  it('waits out an order the server is still creating, says so, and gets it with the same Idempotency-Key', async () => {
    api.queue(
      'POST /api/orders/generate-sale',
      () => fail(409, 'ORDER_IN_PROGRESS', { retryAfterSeconds: 1 }),
      () => fail(409, 'ORDER_IN_PROGRESS', { retryAfterSeconds: 1 }),
    )
    const { user, router } = renderApp('/checkout')
    await fillValid(user)
    await submit(user)
    expect(
      await screen.findByText(
        'החיבור לשרת נקטע או שההזמנה עדיין בטיפול — ממשיכים לנסות, ולא תחויבו פעמיים.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/payment-pending'), {
      timeout: 5000,
    })
    const keys = api
      .callsTo('POST', '/api/orders/generate-sale')
      .map((call) => call.headers.get('Idempotency-Key'))
    expect(keys).toHaveLength(3)
    expect(new Set(keys).size).toBe(1)
  })

  it('keeps the Idempotency-Key for the next click when the order may still be on the server', async () => {
    // Eight waits of 10 ms run out the retries; the visitor clicks again.
    const inProgress = () => fail(409, 'ORDER_IN_PROGRESS', { retryAfterSeconds: 0.01 })
    api.queue('POST /api/orders/generate-sale', ...Array.from({ length: 9 }, () => inProgress))
    const { user, router } = renderApp('/checkout')
    await fillValid(user)
    await submit(user)
    expect(
      await screen.findByText(
        'ההזמנה עדיין בטיפול. לחצו שוב על ״מעבר לתשלום״ בעוד דקה — זו תהיה אותה הזמנה, לא חדשה.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(9)
    await submit(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/payment-pending'))
    const keys = api
      .callsTo('POST', '/api/orders/generate-sale')
      .map((call) => call.headers.get('Idempotency-Key'))
    expect(keys).toHaveLength(10)
    expect(new Set(keys).size).toBe(1)
  })

  it('uses a new Idempotency-Key for the next checkout attempt', async () => {
    api.queue(
      'POST /api/orders/generate-sale',
      () => fail(500, 'INTERNAL_ERROR'),
      () => fail(500, 'INTERNAL_ERROR'),
    )
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await submit(user)
    expect(
      await screen.findByText('שליחת ההזמנה נכשלה. אנא בדקו את החיבור ונסו שוב.', {}, { timeout: 4000 }),
    ).toBeInTheDocument()
    await submit(user)
    await waitFor(() => expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(3))
    const keys = api
      .callsTo('POST', '/api/orders/generate-sale')
      .map((call) => call.headers.get('Idempotency-Key'))
    expect(keys[0]).toBe(keys[1])
    expect(keys[2]).not.toBe(keys[0])
  })

  it('leaves a visible payment link when the pop-up is blocked', async () => {
    open.mockReturnValue(null)
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await submit(user)
    expect(
      await screen.findByText('הדפדפן חסם את פתיחת החלון החדש. לחצו על הכפתור כדי לעבור לדף התשלום.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'פתיחת דף התשלום' })).toHaveAttribute('href', LINK)
  })

  it('tells the visitor when the payment page cannot be created (502)', async () => {
    api.queue(
      'POST /api/orders/generate-sale',
      () => fail(502, 'PAYMENT_PROVIDER_ERROR'),
      () => fail(502, 'PAYMENT_PROVIDER_ERROR'),
    )
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await submit(user)
    expect(
      await screen.findByText(
        'לא הצלחנו לפתוח את דף התשלום. אנא נסו שוב בעוד כמה דקות.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'מעבר לתשלום' })).toBeEnabled()
    expect(open).not.toHaveBeenCalled()
  })

  it('never opens a payment link that is not a web address', async () => {
    api.queue('POST /api/orders/generate-sale', () =>
      ok(
        {
          paymentLink: 'javascript:alert(1)',
          order: { _id: ORDER, number: 'TV-1', totalPrice: 1, statusToken: 't' },
        },
        201,
      ),
    )
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await submit(user)
    expect(await screen.findByText('קישור התשלום שהתקבל אינו תקין. אנא נסו שוב.')).toBeInTheDocument()
    expect(open).not.toHaveBeenCalled()
    expect(sessionStorage.getItem('pending-payment')).toBeNull()
  })

  it('on PRICE_CHANGED takes the new prices into the cart and marks the changed lines before paying', async () => {
    api.queue('POST /api/orders/generate-sale', () =>
      fail(409, 'PRICE_CHANGED', {
        orderItems: [
          { itemId: CUMIN, itemType: 'Product', size: '100 גרם', price: 14.5 },
          { itemId: BOX, itemType: 'Package', size: 'package', price: 149 },
        ],
        subtotal: 178,
        shippingFee: 15,
        totalPrice: 193,
      }),
    )
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await submit(user)

    expect(await screen.findByText('המחירים עודכנו')).toBeInTheDocument()
    const changedRow = within(summary()).getByText('מחיר עודכן').closest('li')!
    expect(within(changedRow).getByText('כמון טחון')).toBeInTheDocument()
    expect(within(changedRow).getByText('12.90 ₪')).toBeInTheDocument()
    expect(within(changedRow).getByText('29.00 ₪')).toBeInTheDocument()
    expect(within(summary()).getAllByText('מחיר עודכן')).toHaveLength(1)
    expect(within(summary()).getByText('193.00 ₪')).toBeInTheDocument()
    expect(useCartStore.getState().lines[0]?.price).toBe(14.5)
    // One request: a 409 is an answer, not a failure to retry.
    expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(1)
    expect(open).not.toHaveBeenCalled()

    await submit(user)
    await waitFor(() => expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(2))
    expect(api.callsTo('POST', '/api/orders/generate-sale')[1]?.body).toMatchObject({ totalPrice: 193 })
  })
})

describe('checkout exits', { timeout: 15_000 }, () => {
  it('cancel resets the form and goes to the shop, keeping the cart', async () => {
    const { user, router } = renderApp('/checkout')
    await user.type(await findField('שם פרטי'), 'נועה')
    await user.click(screen.getByRole('button', { name: 'ביטול' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'), { timeout: 5000 })
    expect(useCartStore.getState().lines).toHaveLength(2)
    await act(() => router.navigate('/checkout'))
    expect(await findField('שם פרטי')).toHaveValue('')
  })

  it('clear-cart-and-return empties the cart and goes to the shop', async () => {
    const { user, router } = renderApp('/checkout')
    await user.click(await screen.findByRole('button', { name: 'ניקוי הסל וחזרה לחנות' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'), { timeout: 5000 })
    expect(useCartStore.getState().lines).toEqual([])
  })
})
