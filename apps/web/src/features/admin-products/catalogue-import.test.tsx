import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CatalogueImportReport } from '@tavlin/contracts'
import { apiClient } from '../../lib/api-client'
import { fail, fakeApi, ok, page, type ApiCall } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { ProductsTable } from './products-table'

const IMPORT = 'POST /api/admin/catalogue/import'

afterEach(() => apiClient.setAccessTokenProvider(() => undefined))

const none = { create: 0, change: 0, unchanged: 0, invalid: 0 }

const report = (over: Partial<CatalogueImportReport> = {}): CatalogueImportReport => ({
  source: 'woocommerce',
  format: 'csv',
  encoding: 'windows-1255',
  applied: false,
  counts: { create: 1, change: 1, unchanged: 3, invalid: 0 },
  recipes: none,
  packages: none,
  items: [
    { kind: 'product', row: 2, name: 'זעתר', status: 'create', productId: null, changes: [], problems: [] },
    {
      kind: 'product',
      row: 5,
      name: 'ברברה',
      status: 'change',
      productId: 'p1',
      changes: [{ field: '100 גרם · מחיר (₪)', before: '24.9', after: '26.9' }],
      problems: [],
    },
  ],
  unknownCategories: [],
  ...over,
})

function renderList(answer: (call: ApiCall) => Response) {
  const api = fakeApi({ 'GET /api/admin/products': () => page([]), [IMPORT]: answer })
  apiClient.setAccessTokenProvider(() => 'admin-token')
  return { api, ...renderWithProviders(<ProductsTable onAdd={vi.fn()} onEdit={vi.fn()} />) }
}

async function chooseFile(user: ReturnType<typeof renderList>['user']) {
  await user.click(screen.getByText('ייבוא מוצרים מקובץ'))
  const file = new File(['ID,Type\r\n'], 'woo.csv', { type: 'text/csv' })
  await user.upload(screen.getByLabelText('קובץ לייבוא'), file)
  await user.click(screen.getByRole('button', { name: 'בדיקת הקובץ' }))
}

describe('ייבוא above the product list (issue 37)', () => {
  it('previews the dry run, then applies it', async () => {
    const { api, user } = renderList((call) =>
      call.query.get('dryRun') === 'false' ? ok(report({ applied: true })) : ok(report()),
    )
    await chooseFile(user)
    expect(await screen.findByText('1 חדשים · 1 משתנים · 3 ללא שינוי · 0 עם בעיות')).toBeInTheDocument()
    expect(screen.getByText(/הקובץ בקידוד Windows-1255/)).toBeInTheDocument()
    expect(screen.getByText('26.9')).toBeInTheDocument()
    expect(api.callsTo(IMPORT)[0]!.query.get('dryRun')).toBe('true')

    await user.click(screen.getByRole('button', { name: 'ייבוא שני מוצרים' }))
    await waitFor(() => expect(api.callsTo(IMPORT)).toHaveLength(2))
    expect(api.callsTo(IMPORT)[1]!.query.get('dryRun')).toBe('false')
  })

  it('lists problems by row and column, maps an unknown category, and offers no apply', async () => {
    const invalid = report({
      counts: { create: 0, change: 0, unchanged: 0, invalid: 1 },
      items: [
        {
          kind: 'product',
          row: 14,
          name: 'זעתר',
          status: 'invalid',
          productId: null,
          changes: [],
          problems: [
            {
              row: 14,
              column: 'מחיר (₪)',
              code: 'validation.pricePositive',
              message: 'המחיר חייב להיות חיובי',
            },
          ],
        },
      ],
      unknownCategories: [{ name: 'Old spices', rows: [14] }],
    })
    const { api, user } = renderList(() => ok(invalid))
    await chooseFile(user)
    expect(await screen.findByText('שורה 14, עמודה מחיר (₪): המחיר חייב להיות חיובי')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^ייבוא \d/ })).not.toBeInTheDocument()

    await user.selectOptions(screen.getByRole('combobox', { name: /Old spices/ }), 'spices')
    await user.click(screen.getByRole('button', { name: 'בדיקת הקובץ' }))
    await waitFor(() => expect(api.callsTo(IMPORT)).toHaveLength(2))
    expect(api.callsTo(IMPORT)[1]!.query.get('map')).toBe('Old spices=spices')
  })

  it("counts a workbook's recipes and packages beside its products, and applies them all", async () => {
    const workbook = report({
      source: 'tavlin',
      format: 'xlsx',
      encoding: 'utf-8',
      counts: { ...none, unchanged: 30 },
      recipes: { ...none, change: 1, unchanged: 7 },
      packages: { ...none, create: 2, unchanged: 4 },
      items: [
        {
          kind: 'recipe',
          row: 2,
          name: 'מיסיר ווט',
          status: 'change',
          productId: 'r1',
          changes: [{ field: 'שלב ההכנה 1', before: 'מחממים שמן', after: 'מחממים שמן בסיר גדול' }],
          problems: [],
        },
      ],
    })
    const { api, user } = renderList((call) =>
      call.query.get('dryRun') === 'false' ? ok({ ...workbook, applied: true }) : ok(workbook),
    )
    await chooseFile(user)
    expect(
      await screen.findByText('מתכונים: 0 חדשים · 1 משתנים · 7 ללא שינוי · 0 עם בעיות'),
    ).toBeInTheDocument()
    expect(screen.getByText('מארזים: 2 חדשים · 0 משתנים · 4 ללא שינוי · 0 עם בעיות')).toBeInTheDocument()
    expect(screen.getByText('0 חדשים · 0 משתנים · 30 ללא שינוי · 0 עם בעיות')).toBeInTheDocument()
    expect(screen.getByText(/מתכון/, { selector: 'span' })).toHaveTextContent('ישתנה · מתכון מיסיר ווט')
    expect(screen.getByText('מחממים שמן בסיר גדול')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'ייבוא 3 פריטים' }))
    await waitFor(() => expect(api.callsTo(IMPORT)).toHaveLength(2))
    expect(await screen.findByText('הייבוא הושלם: 2 נוספו, 1 עודכנו')).toBeInTheDocument()
  })

  it("shows the server's Hebrew reason for a refused file", async () => {
    const { user } = renderList(() =>
      fail(422, 'CATALOGUE_IMPORT_FILE', 'הקובץ אינו CSV או XLSX.', { reason: 'notSpreadsheet' }),
    )
    await chooseFile(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('הקובץ אינו CSV או XLSX.')
  })
})
