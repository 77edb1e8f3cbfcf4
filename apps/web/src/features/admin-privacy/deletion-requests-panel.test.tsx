import { screen, within } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { fakeApi, ok } from '../../testing/fake-api'
import { renderWithProviders } from '../../testing/render'
import { DeletionRequestsPanel } from './deletion-requests-panel'

afterEach(() => vi.restoreAllMocks())

const request = (id: string, email: string, confirmedAt: string | null) => ({
  _id: id,
  email,
  message: null,
  requestedAt: confirmedAt ? '2026-05-01T08:00:00.000Z' : null,
  confirmedAt,
  createdAt: confirmedAt ?? '2026-04-01T08:00:00.000Z',
  erasedAt: null,
})

it('offers to erase only what the address confirmed; an older unconfirmed request cannot be acted on (issue 33)', async () => {
  fakeApi({
    'GET /api/admin/privacy/deletion-requests': () =>
      ok({
        items: [
          request('r1', 'confirmed@example.com', '2026-05-01T09:00:00.000Z'),
          request('r2', 'typed.by.anyone@example.com', null),
        ],
        currentPage: 1,
        totalPages: 1,
        totalItems: 2,
      }),
  })
  renderWithProviders(<DeletionRequestsPanel />)
  const confirmed = (await screen.findByText('confirmed@example.com')).closest('tr')!
  expect(within(confirmed).getByText(/^אושרה בדוא״ל /)).toBeInTheDocument()
  expect(within(confirmed).getByRole('button', { name: 'מחיקה והסתרה' })).toBeInTheDocument()
  const unconfirmed = screen.getByText('typed.by.anyone@example.com').closest('tr')!
  expect(
    within(unconfirmed).getByText(
      'לא אושרה מתיבת הדוא״ל (נשלחה לפני שנדרש אישור) — אין לפעול לפיה. מי שביקש יכול לשלוח בקשה חדשה.',
    ),
  ).toBeInTheDocument()
  expect(within(unconfirmed).queryByRole('button')).not.toBeInTheDocument()
})
