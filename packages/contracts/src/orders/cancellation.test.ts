import { describe, expect, it } from 'vitest'
import { assessCancellation, type CancellationInput } from './cancellation.js'

const DAY = 24 * 60 * 60 * 1000
const paidAt = new Date('2026-03-01T10:00:00Z')
const base: CancellationInput = {
  status: 'delivered',
  lines: [
    { unitPriceAgorot: 40_00, quantity: 2, isPerishable: false },
    { unitPriceAgorot: 20_00, quantity: 1, isPerishable: false },
  ],
  totalAgorot: 130_00,
  disclosedAt: paidAt,
  deliveredAt: new Date(paidAt.getTime() + 3 * DAY),
  isDefect: false,
  now: new Date(paidAt.getTime() + 4 * DAY),
}

describe('assessCancellation', () => {
  it('refunds the total less 5 %', () => {
    expect(assessCancellation(base)).toMatchObject({
      isAllowed: true,
      baseAgorot: 130_00,
      feeAgorot: 6_50,
      refundAgorot: 123_50,
      isPartial: false,
    })
  })

  it('counts 14 days from delivery, up to the last millisecond', () => {
    const deadline = base.deliveredAt!.getTime() + 14 * DAY
    expect(assessCancellation({ ...base, now: new Date(deadline) }).isAllowed).toBe(true)
    expect(assessCancellation({ ...base, now: new Date(deadline + 1) })).toMatchObject({
      isAllowed: false,
      reason: 'window',
    })
  })

  it('counts from the disclosure when it reached the buyer after the goods', () => {
    const disclosedAt = new Date(base.deliveredAt!.getTime() + 5 * DAY)
    const now = new Date(base.deliveredAt!.getTime() + 18 * DAY)
    expect(assessCancellation({ ...base, disclosedAt, now }).isAllowed).toBe(true)
  })

  it('has no deadline before delivery', () => {
    const result = assessCancellation({ ...base, status: 'preparing', deliveredAt: null })
    expect(result).toMatchObject({ isAllowed: true, deadline: null })
  })

  it('keeps shipped perishable lines and shipping out of the refund', () => {
    const lines = [base.lines[0]!, { ...base.lines[1]!, isPerishable: true }]
    expect(assessCancellation({ ...base, lines })).toMatchObject({
      isAllowed: true,
      baseAgorot: 80_00,
      feeAgorot: 4_00,
      refundAgorot: 76_00,
      isPartial: true,
    })
  })

  it('refuses when every shipped line is perishable, but not before shipping', () => {
    const lines = base.lines.map((line) => ({ ...line, isPerishable: true }))
    expect(assessCancellation({ ...base, lines })).toMatchObject({ isAllowed: false, reason: 'perishable' })
    expect(assessCancellation({ ...base, lines, status: 'paid', deliveredAt: null })).toMatchObject({
      isAllowed: true,
      refundAgorot: 123_50,
    })
  })

  it('takes no fee for a defect', () => {
    expect(assessCancellation({ ...base, isDefect: true })).toMatchObject({
      feeAgorot: 0,
      refundAgorot: 130_00,
    })
  })

  it('refuses an unpaid or already refunded order', () => {
    expect(assessCancellation({ ...base, status: 'refunded' })).toMatchObject({ reason: 'status' })
    expect(assessCancellation({ ...base, status: 'pending_payment' })).toMatchObject({ reason: 'status' })
  })
})
