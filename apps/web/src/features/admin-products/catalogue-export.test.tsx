import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { shopToday } from '@tavlin/contracts'
import { apiClient } from '../../lib/api-client'
import { fail, fakeApi, page } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { ProductsTable } from './products-table'

const EXPORT = 'GET /api/admin/catalogue/export'

let saved: HTMLAnchorElement[] = []
beforeEach(() => {
  saved = []
  URL.createObjectURL = vi.fn(() => 'blob:catalogue')
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  apiClient.setAccessTokenProvider(() => undefined)
})

function renderList(answer: () => Response) {
  const api = fakeApi({ 'GET /api/admin/products': () => page([]), [EXPORT]: answer })
  apiClient.setAccessTokenProvider(() => 'admin-token')
  return { api, ...renderWithProviders(<ProductsTable onAdd={vi.fn()} onEdit={vi.fn()} />) }
}

describe('ייצוא הקטלוג above the product list (issue 37)', () => {
  it('downloads the whole catalogue as a workbook by default, with the admin token', async () => {
    const { api, user } = renderList(() => new Response('PK'))
    expect(screen.getByRole('combobox', { name: 'מה לייצא' })).toHaveDisplayValue('אקסל (XLSX) — כל הקטלוג')
    await user.click(screen.getByRole('button', { name: 'ייצוא הקטלוג' }))

    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]?.download).toBe(`tavlin-catalogue-${shopToday()}.xlsx`)
    expect(saved[0]?.href).toBe('blob:catalogue')
    const [call] = api.callsTo(EXPORT)
    expect(Object.fromEntries(call!.query)).toEqual({ format: 'xlsx' })
    expect(call?.headers.get('Authorization')).toBe('Bearer admin-token')
  })

  it('downloads one kind as CSV when chosen', async () => {
    const { api, user } = renderList(() => new Response('\uFEFFמזהה מתכון\r\n'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'מה לייצא' }), 'CSV — מתכונים')
    await user.click(screen.getByRole('button', { name: 'ייצוא הקטלוג' }))

    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]?.download).toBe(`tavlin-recipes-${shopToday()}.csv`)
    expect(Object.fromEntries(api.callsTo(EXPORT)[0]!.query)).toEqual({ format: 'csv', kind: 'recipes' })
  })

  it('says in Hebrew when the export is refused, and saves nothing', async () => {
    const { user } = renderList(() => fail(403, 'FORBIDDEN', 'Admins only'))
    await user.click(screen.getByRole('button', { name: 'ייצוא הקטלוג' }))
    expect(await screen.findByText('ייצוא הקטלוג נכשל: אין לך הרשאה לפעולה הזו.')).toBeInTheDocument()
    expect(saved).toHaveLength(0)
  })
})
