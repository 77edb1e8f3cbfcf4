import { describe, expect, it } from 'vitest'
import { deliveryWindow, formatDeliveryWindow } from './delivery.js'

const day = (date: Date) => date.toISOString().slice(0, 10)

describe('deliveryWindow', () => {
  it('counts Israeli business days (Sunday to Thursday) from the day the order was placed in Israel', () => {
    // Wednesday 25 November 2026, 10:00 in Israel: Thursday is the first business day,
    // Sunday the second, Monday the third and Wednesday the fifth.
    const window = deliveryWindow(new Date('2026-11-25T08:00:00Z'), { min: 3, max: 5 })
    expect(day(window.earliest)).toBe('2026-11-30')
    expect(day(window.latest)).toBe('2026-12-02')
  })

  it('uses the Israeli date: 23:30 UTC on Thursday is already Friday in Israel', () => {
    const window = deliveryWindow(new Date('2026-11-26T23:30:00Z'), { min: 1, max: 1 })
    expect(day(window.earliest)).toBe('2026-11-29')
  })

  it('writes the window in Hebrew, as one date when both ends meet', () => {
    const window = deliveryWindow(new Date('2026-11-25T08:00:00Z'), { min: 3, max: 5 })
    expect(formatDeliveryWindow(window)).toBe('יום שני, 30 בנובמבר – יום רביעי, 2 בדצמבר')
    const single = formatDeliveryWindow(deliveryWindow(new Date('2026-11-25T08:00:00Z'), { min: 2, max: 2 }))
    expect(single).toBe('יום ראשון, 29 בנובמבר')
  })
})
