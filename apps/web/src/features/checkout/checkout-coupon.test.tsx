import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fail, ok } from '../../testing/fake-api'
import { renderApp } from '../../testing/render'
import {
  endCheckout,
  fillValid,
  startCheckout,
  submit,
  summary,
  type CheckoutApi,
} from '../../testing/checkout-fixtures'

// The coupon field at checkout (issue 19): 174.80 of items, 15 shipping.
let api: CheckoutApi

beforeEach(() => {
  api = startCheckout().api
})
afterEach(endCheckout)

const accepted = (discount: number, freeShipping = false) =>
  ok({
    code: 'SAVE10',
    discount,
    freeShipping,
    subtotal: 174.8,
    shippingFee: freeShipping ? 0 : 15,
    vat: 0,
    totalPrice: 0,
  })

async function applyCoupon(user: ReturnType<typeof renderApp>['user'], code: string) {
  const input = await screen.findByLabelText('קוד קופון', {}, { timeout: 5000 })
  await user.clear(input)
  await user.type(input, code)
  await user.click(screen.getByRole('button', { name: 'החלת הקופון' }))
}

const totalsList = async () => (await within(summary()).findByText('סה״כ לתשלום')).closest('dl')!

describe('a coupon at checkout', { timeout: 15_000 }, () => {
  it('shows the discount as its own line, VAT after it, and sends the code with the discounted total', async () => {
    api.queue('POST /api/coupons/check', () => accepted(17.48))
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await applyCoupon(user, 'save10')
    expect(await screen.findByText('הקופון SAVE10 הוחל: הנחה של 17.48 ₪.')).toBeInTheDocument()
    const list = await totalsList()
    expect(within(list).getByText('הנחה (קופון SAVE10)')).toBeInTheDocument()
    expect(within(list).getByText('17.48 ₪')).toBeInTheDocument()
    // 174.80 − 17.48 + 15 = 172.32; VAT 172.32 − 172.32 / 1.18 = 26.29
    expect(within(list).getByText('172.32 ₪')).toBeInTheDocument()
    expect(within(list).getByText('26.29 ₪')).toBeInTheDocument()
    const [check] = api.callsTo('POST', '/api/coupons/check')
    expect(check?.body).toMatchObject({ code: 'save10', email: 'noa@example.com' })

    await submit(user)
    await waitFor(() => expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(1))
    const [post] = api.callsTo('POST', '/api/orders/generate-sale')
    expect(post?.body).toMatchObject({ couponCode: 'SAVE10', totalPrice: 172.32 })
  })

  it('shows free shipping as a ₪0 shipping line', async () => {
    api.queue('POST /api/coupons/check', () => accepted(0, true))
    const { user } = renderApp('/checkout')
    await applyCoupon(user, 'SHIPFREE')
    expect(await screen.findByText('הקופון SAVE10 הוחל: משלוח חינם.')).toBeInTheDocument()
    const list = await totalsList()
    expect(within(list).getByText('0.00 ₪')).toBeInTheDocument()
    expect(within(list).getAllByText('174.80 ₪')).toHaveLength(2)
  })

  it.each([
    ['COUPON_UNKNOWN', undefined, 'קוד הקופון אינו מוכר.'],
    ['COUPON_EXPIRED', undefined, 'תוקף הקופון פג.'],
    ['COUPON_NOT_YET_VALID', undefined, 'הקופון עדיין אינו בתוקף.'],
    ['COUPON_MINIMUM_NOT_REACHED', { minimumOrder: 200 }, 'הקופון תקף בהזמנה של 200.00 ₪ לפחות.'],
    ['COUPON_USED_UP', undefined, 'הקופון נוצל עד תומו.'],
    ['COUPON_ALREADY_USED', undefined, 'כבר השתמשת בקופון הזה.'],
    ['COUPON_NOT_APPLICABLE', undefined, 'הקופון אינו חל על המוצרים שבסל.'],
    [
      'COUPON_OTHER_EMAIL',
      undefined,
      'הקופון הזה אישי: הוא תקף רק בהזמנה עם כתובת הדוא״ל שאליה נשלח. נא להזין אותה בשדה הדוא״ל.',
    ],
  ])('tells the visitor why in Hebrew: %s', async (code, details, message) => {
    api.queue('POST /api/coupons/check', () => fail(422, code, details))
    const { user } = renderApp('/checkout')
    await applyCoupon(user, 'NOPE')
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    // No discount: the total stays 189.80.
    expect(within(await totalsList()).getByText('189.80 ₪')).toBeInTheDocument()
    expect(within(await totalsList()).queryByText(/הנחה/)).not.toBeInTheDocument()
  })

  it('asks for a code before checking', async () => {
    const { user } = renderApp('/checkout')
    await screen.findByLabelText('קוד קופון', {}, { timeout: 5000 })
    await user.click(screen.getByRole('button', { name: 'החלת הקופון' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('נא להקליד קוד קופון.')
    expect(api.callsTo('POST', '/api/coupons/check')).toHaveLength(0)
  })

  it('when checkout refuses the coupon (used up meanwhile), says so and drops the discount', async () => {
    api.queue('POST /api/coupons/check', () => accepted(17.48))
    api.queue('POST /api/orders/generate-sale', () => fail(422, 'COUPON_USED_UP'))
    api.queue('POST /api/coupons/check', () => fail(422, 'COUPON_USED_UP'))
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await applyCoupon(user, 'SAVE10')
    await screen.findByText('הקופון SAVE10 הוחל: הנחה של 17.48 ₪.')
    await submit(user)
    expect(
      await screen.findByText('הקופון לא התקבל והסכום לתשלום עודכן בלעדיו. הסיבה מופיעה ליד שדה הקופון.'),
    ).toBeInTheDocument()
    expect(await screen.findByText('הקופון נוצל עד תומו.')).toBeInTheDocument()
    expect(within(await totalsList()).getByText('189.80 ₪')).toBeInTheDocument()
  })
})
