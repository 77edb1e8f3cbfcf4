import { describe, expect, it } from 'vitest'
import { formatShopDate, formatShopDateTime } from './shop-dates'

describe('shop dates', () => {
  it('writes an instant on Israel’s clock, in one date form and one date-and-time form', () => {
    // 05:34 UTC is 07:34 in Israel in November (UTC+2).
    expect(formatShopDateTime('2026-11-28T05:34:36.000Z')).toBe('28.11.2026, 07:34')
    expect(formatShopDate('2026-11-28T05:34:36.000Z')).toBe('28.11.2026')
  })

  it('dates an instant just after midnight in Israel on the Israeli day, not the UTC one', () => {
    expect(formatShopDate('2026-11-27T22:30:00.000Z')).toBe('28.11.2026')
  })
})
