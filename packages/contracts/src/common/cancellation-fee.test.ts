import { describe, expect, it } from 'vitest'
import { CANCELLATION_FEE_CAP_AGOROT, cancellationFeeAgorot } from './money.js'

describe('cancellationFeeAgorot', () => {
  it('takes 5 % below ₪2,000', () => {
    expect(cancellationFeeAgorot(100_00, { isDefect: false })).toBe(5_00)
    expect(cancellationFeeAgorot(1_999_80, { isDefect: false })).toBe(99_99)
  })

  it('5 % and ₪100 meet exactly at ₪2,000', () => {
    expect(cancellationFeeAgorot(2_000_00, { isDefect: false })).toBe(CANCELLATION_FEE_CAP_AGOROT)
  })

  it('caps at ₪100 above ₪2,000', () => {
    expect(cancellationFeeAgorot(2_000_20, { isDefect: false })).toBe(100_00)
    expect(cancellationFeeAgorot(50_000_00, { isDefect: false })).toBe(100_00)
  })

  it('rounds down to the agora, so the fee is never above 5 %', () => {
    expect(cancellationFeeAgorot(19, { isDefect: false })).toBe(0)
    expect(cancellationFeeAgorot(12_345, { isDefect: false })).toBe(617)
  })

  it('takes nothing for a defect', () => {
    expect(cancellationFeeAgorot(2_000_00, { isDefect: true })).toBe(0)
  })

  it('refuses a fraction of an agora', () => {
    expect(() => cancellationFeeAgorot(10.5, { isDefect: false })).toThrow(RangeError)
  })
})
