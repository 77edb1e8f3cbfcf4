import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, page } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { ActivityLog } from './activity-log'

afterEach(() => vi.restoreAllMocks())

describe('activity log', () => {
  it('shows who changed what and when, in Hebrew', async () => {
    fakeApi({
      'GET /api/admin/activity': () =>
        page([
          {
            _id: 'a1',
            at: '2026-03-14T10:00:00.000Z',
            actorSubject: 'sub-1',
            actorEmail: 'admin@tavlin.shop',
            action: 'status',
            entityType: 'order',
            entityId: 'o1',
            summary: 'TV-1001: paid → preparing',
          },
          {
            _id: 'a2',
            at: '2026-03-14T09:00:00.000Z',
            actorSubject: 'sub-2',
            actorEmail: null,
            action: 'delete',
            entityType: 'product',
            entityId: 'p1',
            summary: 'ברברה',
          },
          {
            _id: 'a3',
            at: '2026-03-14T08:00:00.000Z',
            actorSubject: 'sub-1',
            actorEmail: 'admin@tavlin.shop',
            action: 'refund',
            entityType: 'order',
            entityId: 'o1',
            summary: 'TV-1001: preparing → partially_refunded, 20.00 ₪ (fee 0.00 ₪)',
          },
        ]),
    })
    renderWithProviders(<ActivityLog />)
    const table = await screen.findByRole('table', { name: 'יומן פעולות' })
    const [first, second, third] = within(table).getAllByRole('row').slice(1)
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('#')
    const cells = within(first!).getAllByRole('cell')
    expect(cells[0]).toHaveTextContent('1')
    // The statuses by their Hebrew names, the order number isolated left to right.
    expect(cells.map((cell) => cell.textContent).slice(2)).toEqual([
      'admin@tavlin.shop',
      'שינוי סטטוס',
      'הזמנה',
      'TV-1001: שולמה ← בהכנה',
    ])
    expect(within(cells[5]!).getByText('TV-1001')).toHaveAttribute('dir', 'ltr')
    // On Israel's clock, in the shop's one date-with-time form (issue 35): 10:00 UTC is 12:00 there.
    expect(cells[1]).toHaveTextContent('14.03.2026, 12:00')
    expect(within(second!).getAllByRole('cell')[0]).toHaveTextContent('2')
    expect(within(second!).getByText('sub-2')).toBeInTheDocument()
    expect(within(second!).getByText('מחיקה')).toBeInTheDocument()
    // A refund in Hebrew, never "preparing → partially_refunded" (issue 35).
    expect(within(third!).getAllByRole('cell').at(-1)).toHaveTextContent(
      /^TV-1001: בהכנה ← .+, החזר של 20\.00 ₪ \(דמי ביטול 0\.00 ₪\)$/,
    )
    expect(third!.textContent).not.toMatch(/[a-z]+_[a-z]+|preparing/)
  })
})
