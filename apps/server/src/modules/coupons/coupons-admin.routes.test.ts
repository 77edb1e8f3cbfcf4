import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.js'
import { freshCode, shopDay, useCouponsShop } from '../../test/coupons-shop.js'

// The admin's coupons and the public check of a code against a cart (issue 19).
const shop = useCouponsShop()

describe('the admin creates, lists and edits coupons', () => {
  it('answers 401 without an admin', async () => {
    const denied = await buildTestApp()
    try {
      expect((await denied.app.inject({ url: '/api/admin/coupons' })).statusCode).toBe(401)
    } finally {
      await denied.close()
    }
  })

  it('stores the code upper-cased and refuses the same code in another case (409 COUPON_CODE_TAKEN)', async () => {
    const code = freshCode('Welcome')
    const created = await shop.coupon({ code: code.toLowerCase(), kind: 'fixed', value: 20 })
    expect(created.code).toBe(code.toUpperCase())
    const again = await shop.createCoupon({ code: code.toUpperCase() })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('COUPON_CODE_TAKEN')
    const listed = await shop.listed(code.toUpperCase())
    expect(listed).toMatchObject({ kind: 'fixed', value: 20, usedCount: 0, active: true })
  })

  it('refuses a percentage above 100 or not whole, an end before the start, and a bad code (400)', async () => {
    for (const bad of [
      { code: freshCode(), kind: 'percent' as const, value: 101 },
      { code: freshCode(), kind: 'percent' as const, value: 12.5 },
      { code: freshCode(), startsOn: shopDay(2), endsOn: shopDay(1) },
      { code: 'has space' },
      { code: freshCode(), kind: 'fixed' as const, value: 0 },
    ]) {
      const response = await shop.createCoupon(bad)
      expect(response.statusCode, JSON.stringify(bad)).toBe(400)
    }
  })

  it('edits a coupon and switches it off: the code is then unknown to customers', async () => {
    const code = freshCode()
    const { _id } = await shop.coupon({ code })
    const other = await shop.coupon({ code: freshCode() })
    const taken = await shop.ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/coupons/${_id}`,
      payload: { code: other.code.toLowerCase(), kind: 'percent', value: 10 },
    })
    expect(taken.json().code).toBe('COUPON_CODE_TAKEN')
    const off = await shop.ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/coupons/${_id}`,
      payload: { code, kind: 'percent', value: 15, active: false },
    })
    expect(off.statusCode).toBe(200)
    expect(off.json().data).toMatchObject({ value: 15, active: false })
    expect((await shop.check(code)).json().code).toBe('COUPON_UNKNOWN')
    const missing = await shop.ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/coupons/00000000-0000-4000-8000-000000000000',
      payload: { code: freshCode(), kind: 'percent', value: 10 },
    })
    expect(missing.statusCode).toBe(404)
  })
})

describe('a code checked against a cart', () => {
  it('answers a percentage off the items, case-insensitive, VAT on the discounted total', async () => {
    const code = freshCode()
    await shop.coupon({ code, kind: 'percent', value: 10 })
    const response = await shop.check(code.toLowerCase())
    expect(response.statusCode).toBe(200)
    // 169.80 − 16.98 + 15 = 167.82; VAT 18 % included: 167.82 − 167.82 / 1.18 = 25.60
    expect(response.json().data).toEqual({
      code,
      discount: 16.98,
      freeShipping: false,
      subtotal: 169.8,
      shippingFee: 15,
      vat: 25.6,
      totalPrice: 167.82,
    })
  })

  it('answers a fixed sum off and free shipping', async () => {
    const code = freshCode()
    await shop.coupon({ code, kind: 'fixed', value: 30, freeShipping: true })
    expect((await shop.check(code)).json().data).toMatchObject({
      discount: 30,
      freeShipping: true,
      shippingFee: 0,
      totalPrice: 139.8,
    })
  })

  it('limits the discount to the lines of its categories, and refuses a cart without any', async () => {
    const code = freshCode()
    await shop.coupon({ code, kind: 'percent', value: 50, categories: ['packages'] })
    // Only the package (120) is in "packages": 60 off.
    expect((await shop.check(code)).json().data).toMatchObject({ discount: 60, totalPrice: 124.8 })
    const spices = freshCode()
    await shop.coupon({ code: spices, kind: 'percent', value: 50, categories: ['spices'] })
    const refused = await shop.check(spices)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('COUPON_NOT_APPLICABLE')
  })

  it('answers 422 COUPON_UNKNOWN for a code no coupon has', async () => {
    const response = await shop.check('NOSUCHCODE')
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ success: false, code: 'COUPON_UNKNOWN' })
  })

  it('is valid all of its first and last day (Israel), not the day before nor the day after', async () => {
    const today = freshCode()
    await shop.coupon({ code: today, startsOn: shopDay(0), endsOn: shopDay(0) })
    expect((await shop.check(today)).statusCode).toBe(200)
    const ended = freshCode()
    await shop.coupon({ code: ended, startsOn: shopDay(-10), endsOn: shopDay(-1) })
    expect((await shop.check(ended)).json().code).toBe('COUPON_EXPIRED')
    const future = freshCode()
    await shop.coupon({ code: future, startsOn: shopDay(1) })
    expect((await shop.check(future)).json().code).toBe('COUPON_NOT_YET_VALID')
  })

  it('accepts a cart exactly at the minimum and refuses one an agora below, naming the minimum', async () => {
    const exact = freshCode()
    await shop.coupon({ code: exact, minimumOrder: 169.8 })
    expect((await shop.check(exact)).statusCode).toBe(200)
    const above = freshCode()
    await shop.coupon({ code: above, minimumOrder: 169.81 })
    const response = await shop.check(above)
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({
      code: 'COUPON_MINIMUM_NOT_REACHED',
      details: { minimumOrder: 169.81 },
    })
  })
})
