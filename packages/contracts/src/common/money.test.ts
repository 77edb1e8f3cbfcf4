import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatShekels } from './money-format.js'
import { lineTotalAgorot, priceLines, priceOrder, toAgorot, toShekels } from './money.js'

/** A cart as the spec allows it: up to 99 lines of up to 999 units, prices up to 50,000 ₪. */
const cartLine = fc.record({
  unitPriceAgorot: fc.integer({ min: 0, max: 5_000_000 }),
  quantity: fc.integer({ min: 1, max: 999 }),
})
const cart = fc.array(cartLine, { minLength: 0, maxLength: 99 })
const shipping = fc.integer({ min: 0, max: 100_000 })
/** Rates in whole millionths, plus the ones Israel has used. */
const vatRate = fc.oneof(
  fc.constantFrom(0, 0.17, 0.18),
  fc.integer({ min: 0, max: 1_000_000 }).map((ppm) => ppm / 1_000_000),
)
/** A share of the subtotal, so any discount from nothing to all of it. */
const discountShare = fc.double({ min: 0, max: 1, noNaN: true })

const sumBig = (values: readonly bigint[]) => values.reduce((sum, value) => sum + value, 0n)

describe('priceOrder', () => {
  it('makes the subtotal the exact sum of the lines, each unit price × quantity', () => {
    fc.assert(
      fc.property(cart, shipping, vatRate, (lines, shippingAgorot, rate) => {
        const pricing = priceOrder({ lines, shippingAgorot, vatRate: rate })
        const expected = sumBig(lines.map((line) => BigInt(line.unitPriceAgorot) * BigInt(line.quantity)))
        expect(BigInt(pricing.subtotalAgorot)).toBe(expected)
        expect(sumBig(pricing.lines.map((line) => BigInt(line.lineTotalAgorot)))).toBe(expected)
        pricing.lines.forEach((line, index) => {
          expect(line).toMatchObject(lines[index]!)
          expect(line.lineTotalAgorot).toBe(lineTotalAgorot(lines[index]!))
        })
      }),
    )
  })

  it('makes the total subtotal − discount + shipping, and VAT + net the total', () => {
    fc.assert(
      fc.property(cart, shipping, vatRate, discountShare, (lines, shippingAgorot, rate, share) => {
        const { subtotalAgorot } = priceLines(lines)
        const discountAgorot = Math.floor(subtotalAgorot * share)
        const pricing = priceOrder({ lines, shippingAgorot, discountAgorot, vatRate: rate })
        expect(pricing.totalAgorot).toBe(subtotalAgorot - discountAgorot + shippingAgorot)
        expect(pricing.vatAgorot + pricing.netAgorot).toBe(pricing.totalAgorot)
        for (const figure of [pricing.totalAgorot, pricing.vatAgorot, pricing.netAgorot]) {
          expect(Number.isSafeInteger(figure) && figure >= 0).toBe(true)
        }
      }),
    )
  })

  it('rounds the VAT once, to the nearest agora of total × rate / (1 + rate)', () => {
    fc.assert(
      fc.property(cart, shipping, vatRate, (lines, shippingAgorot, rate) => {
        const { totalAgorot, vatAgorot } = priceOrder({ lines, shippingAgorot, vatRate: rate })
        // |vat − total·r/(1+r)| ≤ ½ agora, written in integers: |vat·(10⁶+r) − total·r|·2 ≤ 10⁶+r
        const ratePpm = BigInt(Math.round(rate * 1_000_000))
        const divisor = 1_000_000n + ratePpm
        const error = BigInt(vatAgorot) * divisor - BigInt(totalAgorot) * ratePpm
        expect((error < 0n ? -error : error) * 2n <= divisor).toBe(true)
      }),
    )
  })

  it('gives the VAT the shop has always charged at 17% and 18%', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000_000 }), fc.constantFrom(0.17, 0.18), (total, rate) => {
        const { vatAgorot } = priceOrder({
          lines: [{ unitPriceAgorot: total, quantity: 1 }],
          shippingAgorot: 0,
          vatRate: rate,
        })
        // The formula the orders and the checkout used before this module (decision 054).
        expect(vatAgorot).toBe(total - Math.round(total / (1 + rate)))
      }),
    )
  })

  it('does not drift when the prices arrive in shekels, as the cart holds them', () => {
    fc.assert(
      fc.property(cart, shipping, (lines, shippingAgorot) => {
        // The web keeps 12.9, not 1290: the conversion must give back the exact agorot.
        const fromShekels = lines.map((line) => ({
          unitPriceAgorot: toAgorot(toShekels(line.unitPriceAgorot)),
          quantity: line.quantity,
        }))
        const pricing = priceOrder({ lines: fromShekels, shippingAgorot, vatRate: 0.18 })
        const expected =
          sumBig(lines.map((line) => BigInt(line.unitPriceAgorot) * BigInt(line.quantity))) +
          BigInt(shippingAgorot)
        expect(BigInt(pricing.totalAgorot)).toBe(expected)
        expect(toAgorot(toShekels(pricing.totalAgorot))).toBe(pricing.totalAgorot)
        // What the receipt prints is those agorot, digit for digit.
        const printed = formatShekels(toShekels(pricing.totalAgorot)).replace(/[,.₪ ]/g, '')
        expect(BigInt(printed)).toBe(expected)
      }),
    )
  })

  it('sums 0.10 ₪ + 0.20 ₪ to 0.30 ₪, where floats give 0.30000000000000004', () => {
    const lines = [0.1, 0.2].map((price) => ({ unitPriceAgorot: toAgorot(price), quantity: 1 }))
    const pricing = priceOrder({ lines, shippingAgorot: 0, vatRate: 0.18 })
    expect(toShekels(pricing.subtotalAgorot)).toBe(0.3)
    expect(pricing.vatAgorot).toBe(5)
  })

  it('starts with no discount', () => {
    const pricing = priceOrder({
      lines: [{ unitPriceAgorot: 1290, quantity: 2 }],
      shippingAgorot: 1500,
      vatRate: 0.18,
    })
    expect(pricing).toMatchObject({
      subtotalAgorot: 2580,
      discountAgorot: 0,
      totalAgorot: 4080,
      vatAgorot: 622,
    })
  })

  it('refuses a discount above the subtotal and amounts that are not whole agorot', () => {
    const lines = [{ unitPriceAgorot: 1000, quantity: 1 }]
    expect(() => priceOrder({ lines, shippingAgorot: 0, discountAgorot: 1001, vatRate: 0.18 })).toThrow(
      RangeError,
    )
    expect(() => priceOrder({ lines, shippingAgorot: 0.5, vatRate: 0.18 })).toThrow(RangeError)
    expect(() => lineTotalAgorot({ unitPriceAgorot: 12.9, quantity: 1 })).toThrow(RangeError)
    expect(() => lineTotalAgorot({ unitPriceAgorot: 1290, quantity: -1 })).toThrow(RangeError)
  })
})

describe('priceOrder with a coupon discount', () => {
  const lines = [
    { unitPriceAgorot: 1000, quantity: 2, categories: ['spices'] },
    { unitPriceAgorot: 3000, quantity: 1, categories: ['flours', 'others'] },
  ]

  it('takes a percentage off the items, VAT computed on what is paid after it', () => {
    const pricing = priceOrder({
      lines,
      shippingAgorot: 1500,
      discount: { kind: 'percent', value: 10 },
      vatRate: 0.18,
    })
    expect(pricing).toMatchObject({
      subtotalAgorot: 5000,
      discountAgorot: 500,
      shippingAgorot: 1500,
      totalAgorot: 6000,
      // 6000 − 6000 / 1.18 = 915.25… → 915
      vatAgorot: 915,
      netAgorot: 5085,
    })
  })

  it('rounds a percentage half up to the agora', () => {
    const one = [{ unitPriceAgorot: 1005, quantity: 1 }]
    // 10 % of 10.05 ₪ is 100.5 agorot → 101; 15 % of 3 agorot is 0.45 → 0
    expect(
      priceOrder({ lines: one, shippingAgorot: 0, discount: { kind: 'percent', value: 10 }, vatRate: 0 })
        .discountAgorot,
    ).toBe(101)
    expect(
      priceOrder({
        lines: [{ unitPriceAgorot: 3, quantity: 1 }],
        shippingAgorot: 0,
        discount: { kind: 'percent', value: 15 },
        vatRate: 0,
      }).discountAgorot,
    ).toBe(0)
  })

  it('takes a fixed sum off, never more than the items: the total never goes below 0', () => {
    const fixed = priceOrder({
      lines,
      shippingAgorot: 1500,
      discount: { kind: 'fixed', value: 2000 },
      vatRate: 0.18,
    })
    expect(fixed).toMatchObject({ discountAgorot: 2000, totalAgorot: 4500 })
    const whole = priceOrder({
      lines,
      shippingAgorot: 1500,
      discount: { kind: 'fixed', value: 99_999, freeShipping: true },
      vatRate: 0.18,
    })
    expect(whole).toMatchObject({ discountAgorot: 5000, shippingAgorot: 0, totalAgorot: 0, vatAgorot: 0 })
    const hundred = priceOrder({
      lines,
      shippingAgorot: 1500,
      discount: { kind: 'percent', value: 100 },
      vatRate: 0.18,
    })
    expect(hundred).toMatchObject({ discountAgorot: 5000, totalAgorot: 1500 })
  })

  it('gives free shipping when the coupon says so', () => {
    const pricing = priceOrder({
      lines,
      shippingAgorot: 1500,
      discount: { kind: 'fixed', value: 0, freeShipping: true },
      vatRate: 0.18,
    })
    expect(pricing).toMatchObject({ discountAgorot: 0, shippingAgorot: 0, totalAgorot: 5000 })
  })

  it('limits the discount to lines of its categories', () => {
    const spices = priceOrder({
      lines,
      shippingAgorot: 0,
      discount: { kind: 'percent', value: 50, categories: ['spices'] },
      vatRate: 0.18,
    })
    expect(spices).toMatchObject({ eligibleSubtotalAgorot: 2000, discountAgorot: 1000, totalAgorot: 4000 })
    const fixedOnOthers = priceOrder({
      lines,
      shippingAgorot: 0,
      discount: { kind: 'fixed', value: 5000, categories: ['others'] },
      vatRate: 0.18,
    })
    expect(fixedOnOthers).toMatchObject({ eligibleSubtotalAgorot: 3000, discountAgorot: 3000 })
    const none = priceOrder({
      lines,
      shippingAgorot: 0,
      discount: { kind: 'percent', value: 50, categories: ['beverages'] },
      vatRate: 0.18,
    })
    expect(none).toMatchObject({ eligibleSubtotalAgorot: 0, discountAgorot: 0, totalAgorot: 5000 })
  })

  it('keeps every figure whole and the total = subtotal − discount + shipping, for any coupon', () => {
    const discount = fc.record({
      kind: fc.constantFrom('percent' as const, 'fixed' as const),
      value: fc.integer({ min: 0, max: 100 }),
      freeShipping: fc.boolean(),
    })
    fc.assert(
      fc.property(cart, shipping, vatRate, discount, (cartLines, shippingAgorot, rate, off) => {
        const pricing = priceOrder({ lines: cartLines, shippingAgorot, discount: off, vatRate: rate })
        expect(pricing.discountAgorot).toBeLessThanOrEqual(pricing.subtotalAgorot)
        expect(pricing.totalAgorot).toBe(
          pricing.subtotalAgorot - pricing.discountAgorot + pricing.shippingAgorot,
        )
        expect(pricing.totalAgorot).toBeGreaterThanOrEqual(0)
        expect(pricing.vatAgorot + pricing.netAgorot).toBe(pricing.totalAgorot)
      }),
    )
  })

  it('refuses a percentage above 100, a fraction, and both kinds of discount at once', () => {
    expect(() =>
      priceOrder({ lines, shippingAgorot: 0, discount: { kind: 'percent', value: 101 }, vatRate: 0 }),
    ).toThrow(RangeError)
    expect(() =>
      priceOrder({ lines, shippingAgorot: 0, discount: { kind: 'fixed', value: 1.5 }, vatRate: 0 }),
    ).toThrow(RangeError)
    expect(() =>
      priceOrder({
        lines,
        shippingAgorot: 0,
        discountAgorot: 1,
        discount: { kind: 'fixed', value: 1 },
        vatRate: 0,
      }),
    ).toThrow(RangeError)
  })
})
