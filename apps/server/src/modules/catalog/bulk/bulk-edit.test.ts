import { describe, expect, it } from 'vitest'
import { newPriceAgorot, undoState } from './bulk-edit.js'

const percent = (value: number, rounding: 'agora' | 'ninety' = 'ninety') =>
  ({ kind: 'price', change: { by: 'percent', value }, rounding }) as const
const amount = (value: number, rounding: 'agora' | 'ninety' = 'ninety') =>
  ({ kind: 'price', change: { by: 'amount', value }, rounding }) as const

describe('a bulk price change (issue 37)', () => {
  it('ends at the nearest ₪x.90, a tie upwards, never under ₪0.90', () => {
    expect(newPriceAgorot(2340, amount(0.01))).toBe(2390) // 23.41 → 23.90 (0.49 away, 22.90 is 0.51)
    expect(newPriceAgorot(2330, amount(0.1))).toBe(2390) // 23.40: a tie → up
    expect(newPriceAgorot(2330, amount(0.09))).toBe(2290) // 23.39 → 22.90
    expect(newPriceAgorot(50, percent(-50))).toBe(90)
  })

  it('rounds a percent to the agora, and refuses a price that would not stay positive', () => {
    expect(newPriceAgorot(999, percent(12.5, 'agora'))).toBe(1124) // 11.23875
    expect(newPriceAgorot(1000, amount(-10, 'agora'))).toBeNull()
    expect(newPriceAgorot(1000, amount(-9.99, 'agora'))).toBe(1)
  })
})

describe('undoing a bulk change', () => {
  const state = (price: number, stock: number | null, categories = ['spices']) => ({
    sizes: [{ sizeName: '100 גרם', price, stock }],
    categories,
    subCategories: [],
  })

  it('puts back what still holds the written value and keeps what changed since', () => {
    const change = { before: state(10, 5), after: state(11, 5) }
    expect(undoState(state(11, 5), change)).toEqual({ state: state(10, 5), kept: false })
    // A sale took two units since: the change did not touch the count, so nothing is reported.
    expect(undoState(state(11, 3), change)).toEqual({ state: state(10, 3), kept: false })
    // The owner set a new price since: it stays, and the product is named.
    expect(undoState(state(15, 5), change)).toEqual({ state: state(15, 5), kept: true })
    const categories = { before: state(10, 5, ['spices', 'flours']), after: state(10, 5, ['spices']) }
    expect(undoState(state(10, 5, ['spices', 'legumes']), categories)).toEqual({
      state: state(10, 5, ['spices', 'legumes']),
      kept: true,
    })
  })

  it('shows or hides again as before, and leaves the visibility alone for a change kept before it existed', () => {
    const hidden = (isHidden: boolean) => ({ ...state(10, 5), isHidden })
    const hide = { before: hidden(false), after: hidden(true) }
    expect(undoState(hidden(true), hide)).toEqual({ state: hidden(false), kept: false })
    expect(undoState(hidden(false), hide)).toEqual({ state: hidden(false), kept: true })
    // Kept before migration 0030: its states have no visibility, so a product hidden since stays hidden.
    expect(
      undoState({ ...state(11, 5), isHidden: true }, { before: state(10, 5), after: state(11, 5) }),
    ).toEqual({
      state: hidden(true),
      kept: false,
    })
  })
})
