import { describe, expect, it } from 'vitest'
import { parseStatusChange, statusChangeSummary } from './activity.schemas.js'

describe('status change summary', () => {
  it('reads back what the server writes', () => {
    const summary = statusChangeSummary('TV-1001', 'paid', 'preparing')
    expect(summary).toBe('TV-1001: paid → preparing')
    expect(parseStatusChange(summary)).toEqual({ orderNumber: 'TV-1001', from: 'paid', to: 'preparing' })
  })

  it('leaves any other line alone', () => {
    expect(parseStatusChange('ברברה')).toBeNull()
    expect(parseStatusChange('TV-1001: paid → cooked')).toBeNull()
  })

  it('reads a refund’s amount and fee after its statuses', () => {
    expect(parseStatusChange('TV-1001: preparing → partially_refunded, 20.00 ₪ (fee 0.00 ₪)')).toEqual({
      orderNumber: 'TV-1001',
      from: 'preparing',
      to: 'partially_refunded',
      refund: { amount: '20.00', fee: '0.00' },
    })
  })
})
