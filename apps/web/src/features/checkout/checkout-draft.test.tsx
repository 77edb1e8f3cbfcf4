import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ok } from '../../testing/fake-api'
import { renderApp } from '../../testing/render'
import {
  LINK,
  ORDER,
  endCheckout,
  field,
  fillValid,
  findField,
  startCheckout,
  submit,
  type CheckoutApi,
} from '../../testing/checkout-fixtures'

let api: CheckoutApi

beforeEach(() => {
  api = startCheckout().api
})
afterEach(endCheckout)

/** The server's answer, with the page's closing time (issue 35). */
const createdUntil = (payableUntil: string) =>
  ok(
    {
      paymentLink: LINK,
      order: { _id: ORDER, number: 'TV-1001', totalPrice: 189.8, statusToken: 'tok-1' },
      payableUntil,
    },
    201,
  )
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()
const keysSent = () =>
  api.callsTo('POST', '/api/orders/generate-sale').map((call) => call.headers.get('Idempotency-Key'))

describe('the checkout form kept on this device (issue 35)', { timeout: 20_000 }, () => {
  it('comes back filled after a reload, says it is kept here only, and is forgotten on cancel', async () => {
    const first = renderApp('/checkout')
    await fillValid(first.user)
    expect(
      screen.getByText(
        'מה שתקלידו נשמר בדפדפן הזה בלבד, כדי שלא יאבד ברענון או בתשלום שלא עבר, ונמחק אחרי התשלום.',
      ),
    ).toBeInTheDocument()
    first.unmount()

    const { user, router } = renderApp('/checkout')
    expect(await findField('שם פרטי')).toHaveValue('נועה')
    expect(field('דוא״ל')).toHaveValue('noa@example.com')
    expect(field('רחוב')).toHaveValue('הרצל')
    expect(field('עיר')).toHaveValue('חיפה')
    await user.click(screen.getByRole('button', { name: 'ביטול' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'))
    expect(localStorage.getItem('checkout-form')).toBeNull()
  })

  it('keeps nothing that is not a field of the form, and nothing older than a week', async () => {
    const stored = (savedAt: number) =>
      JSON.stringify({ savedAt, values: { firstName: 'דנה', cardNumber: '4580000000000000', address: {} } })
    localStorage.setItem('checkout-form', stored(Date.now()))
    const first = renderApp('/checkout')
    expect(await findField('שם פרטי')).toHaveValue('דנה')
    await first.user.type(field('שם משפחה'), 'לוי')
    expect(localStorage.getItem('checkout-form')).not.toContain('4580')
    first.unmount()

    localStorage.setItem('checkout-form', stored(Date.now() - 8 * 24 * 60 * 60_000))
    renderApp('/checkout')
    expect(await findField('שם פרטי')).toHaveValue('')
    expect(localStorage.getItem('checkout-form')).toBeNull()
  })

  it('goes back to the same order when the same details are sent again while its page is open', async () => {
    api.queue(
      'POST /api/orders/generate-sale',
      () => createdUntil(inMinutes(30)),
      () => createdUntil(inMinutes(30)),
      () => createdUntil(inMinutes(30)),
    )
    const first = renderApp('/checkout')
    await fillValid(first.user)
    await submit(first.user)
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/checkout/payment-pending'))
    first.unmount()

    // "לנסות שוב" after a declined card: the form as it was, and the same order.
    const again = renderApp('/checkout')
    await submit(again.user)
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/checkout/payment-pending'))
    again.unmount()
    // Another phone is another request: a new order.
    const changed = renderApp('/checkout')
    await changed.user.clear(await findField('טלפון'))
    await changed.user.type(field('טלפון'), '050-7654321')
    await submit(changed.user)
    await waitFor(() => expect(keysSent()).toHaveLength(3))
    const [firstKey, sameKey, newKey] = keysSent()
    expect(sameKey).toBe(firstKey)
    expect(newKey).not.toBe(firstKey)
  })

  it('makes a new order once the first one’s page is about to close', async () => {
    api.queue(
      'POST /api/orders/generate-sale',
      () => createdUntil(inMinutes(1)),
      () => createdUntil(inMinutes(30)),
    )
    const first = renderApp('/checkout')
    await fillValid(first.user)
    await submit(first.user)
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/checkout/payment-pending'))
    first.unmount()
    const again = renderApp('/checkout')
    await submit(again.user)
    await waitFor(() => expect(keysSent()).toHaveLength(2))
    expect(keysSent()[1]).not.toBe(keysSent()[0])
  })
})
