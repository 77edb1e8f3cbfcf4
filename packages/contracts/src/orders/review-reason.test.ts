import { describe, expect, it } from 'vitest'
import { formatReviewReason, parseReviewReason } from './review-reason.js'

describe('review reason', () => {
  it('reads back what the server writes', () => {
    const reason = { code: 'otherOrder', transaction: 'tx-1', order: 'o-2' } as const
    expect(parseReviewReason(formatReviewReason(reason))).toEqual(reason)
  })

  it('is null for text of another form or an incomplete reason', () => {
    expect(parseReviewReason('second approved transaction tx-1')).toBeNull()
    expect(parseReviewReason('{"code":"amountMismatch","paid":"1 ILS"}')).toBeNull()
    expect(parseReviewReason('{"code":"other"}')).toBeNull()
    expect(parseReviewReason(null)).toBeNull()
  })
})
