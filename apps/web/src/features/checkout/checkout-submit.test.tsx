import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useCartStore } from '../../stores/cart-store'
import { fail, ok } from '../../testing/fake-api'
import { renderApp } from '../../testing/render'
import {
  BOX,
  CUMIN,
  LINK,
  ORDER,
  created,
  endCheckout,
  field,
  fillValid,
  lines,
  startCheckout,
  submit,
  summary,
  type CheckoutApi,
  type WindowOpen,
} from '../../testing/checkout-fixtures'
let api: CheckoutApi
let open: WindowOpen

beforeEach(() => {
  const started = startCheckout()
  api = started.api
  open = started.open
})
afterEach(endCheckout)

describe('checkout submission', { timeout: 15_000 }, () => {
  it('shows the processing state, then opens the payment tab, keeps the pending record and goes to the pending page', async () => {
    let release: (response: Response) => void = () => {}
    api.queue('POST /api/orders/generate-sale', () => new Promise<Response>((resolve) => (release = resolve)))
    const paymentTab = { opener: window } as unknown as Window
    open.mockReturnValue(paymentTab)
    const { user, router } = renderApp('/checkout')
    await fillValid(user)
    await user.type(field(/מיקוד/), '3303100')
    await user.type(field(/^כניסה/), 'ב')
    await user.type(field(/^קומה/), '3')
    await user.type(field(/^דירה/), '12')
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
        // Sent as it is stored (decision 225).
        phone: '0501234567',
        address: {
          street: 'הרצל',
          streetNum: '12',
          city: 'חיפה',
          entrance: 'ב',
          floor: '3',
          apartment: '12',
          postal_code: '3303100',
        },
        notes: '',
      },
      // The shop defined no method of its own: its one method goes everywhere.
      deliveryMethodId: 'standard',
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

  it('tells the visitor when their e-mail has too many orders waiting for payment (429)', async () => {
    api.queue('POST /api/orders/generate-sale', () =>
      fail(429, 'RATE_LIMITED', { reason: 'unpaidOrders', max: 3, minutes: 15 }),
    )
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await submit(user)
    expect(
      await screen.findByText(/כבר יש כמה הזמנות עם כתובת הדוא״ל הזו שממתינות לתשלום/),
    ).toBeInTheDocument()
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
