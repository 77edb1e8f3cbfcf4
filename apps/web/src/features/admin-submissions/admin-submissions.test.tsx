import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiClient } from '../../lib/api-client'
import { fail, fakeApi, page } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { SubmissionsPanel } from './submissions-panel'

const subscriber = {
  _id: 'n1',
  fullName: 'דנה לוי',
  email: 'dana@example.com',
  city: 'חיפה',
  createdAt: '2026-03-14T10:00:00.000Z',
  updatedAt: '2026-03-14T10:00:00.000Z',
}
const message = {
  _id: 'c1',
  name: 'יוסי',
  email: 'yossi@example.com',
  phone: '0521234567',
  subject: 'משלוח',
  message: 'מתי מגיע?',
  createdAt: '2026-03-15T10:00:00.000Z',
}

let clicked: HTMLAnchorElement[] = []
beforeEach(() => {
  clicked = []
  URL.createObjectURL = vi.fn(() => 'blob:csv')
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  apiClient.setAccessTokenProvider(() => undefined)
})

describe('form submissions', () => {
  it('lists newsletter subscribers and each other kind in its own tab', async () => {
    const api = fakeApi({
      'GET /api/users/form/newsletter': () => page([subscriber]),
      'GET /api/users/form/contact': () => page([message]),
    })
    const { user } = renderWithProviders(<SubmissionsPanel />)
    const table = await screen.findByRole('table', { name: 'מנויי ניוזלטר' })
    expect(within(table).getByText('dana@example.com')).toBeInTheDocument()
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'שם מלא', 'דוא״ל', 'עיר', 'התקבל'])
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[0]).toHaveTextContent('1')
    expect(api.callsTo('GET /api/users/form/newsletter')[0]?.query.get('limit')).toBe('20')

    await user.click(screen.getByRole('tab', { name: 'הודעות צור קשר' }))
    const contact = await screen.findByRole('table', { name: 'הודעות צור קשר' })
    expect(within(contact).getByText('מתי מגיע?')).toBeInTheDocument()
  })

  it('exports CSV with the bearer token through a blob and saves it under a dated name', async () => {
    const api = fakeApi({
      'GET /api/users/form/newsletter': () => page([subscriber]),
      'GET /api/users/form/newsletter/export.csv': () =>
        new Response('fullName,email\n', { headers: { 'Content-Type': 'text/csv' } }),
    })
    apiClient.setAccessTokenProvider(() => 'admin-token')
    const { user } = renderWithProviders(<SubmissionsPanel />)
    await screen.findByRole('table', { name: 'מנויי ניוזלטר' })
    await user.click(screen.getByRole('button', { name: 'ייצוא ל-CSV' }))

    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(clicked[0]?.download).toMatch(/^tavlin-newsletter-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(clicked[0]?.href).toBe('blob:csv')
    const [exported] = api.callsTo('GET /api/users/form/newsletter/export.csv')
    expect(exported?.headers.get('Authorization')).toBe('Bearer admin-token')
  })

  it('says when the export fails', async () => {
    fakeApi({
      'GET /api/users/form/newsletter': () => page([subscriber]),
      'GET /api/users/form/newsletter/export.csv': () => fail(403, 'FORBIDDEN', 'Admins only'),
    })
    const { user } = renderWithProviders(<SubmissionsPanel />)
    await screen.findByRole('table', { name: 'מנויי ניוזלטר' })
    await user.click(screen.getByRole('button', { name: 'ייצוא ל-CSV' }))
    expect(await screen.findByText('הייצוא נכשל: אין לך הרשאה לפעולה הזו.')).toBeInTheDocument()
    expect(clicked).toHaveLength(0)
  })
})
