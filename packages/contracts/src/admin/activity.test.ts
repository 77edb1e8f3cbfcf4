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
})
