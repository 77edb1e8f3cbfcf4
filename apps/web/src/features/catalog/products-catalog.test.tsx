import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, makeProduct, page } from '../../testing/catalog-data'
import { renderWithProviders } from '../../testing/render'
import { ProductsCatalog } from './products-catalog'

const pepper = makeProduct({ _id: '44444444-4444-4444-8444-444444444444', name: 'פלפל שחור' })
let requests: URL[] = []
let answer: (url: URL) => Response = () => page([pepper])

beforeEach(() => {
  answer = () => page([pepper], 1, 2)
  requests = fakeApi((url) => answer(url))
})
afterEach(() => vi.restoreAllMocks())

// The list's requests only: the cards' stars are asked for beside them (issue 36).
const lastQuery = () =>
  Object.fromEntries(requests.filter((url) => !url.pathname.includes('/reviews/')).at(-1)?.searchParams ?? [])
const renderAt = (path: string) =>
  renderWithProviders([{ path: '/products', element: <ProductsCatalog /> }], { path })

describe('products list filters', () => {
  it('reads category, subcategory, search and page from the address and asks for 9', async () => {
    renderAt('/products?category=spices&subCategory=base&filter=פלפל&page=2')
    expect(await screen.findByRole('link', { name: 'פלפל שחור' })).toHaveAttribute(
      'href',
      `/products/${pepper._id}/info`,
    )
    expect(lastQuery()).toEqual({
      page: '2',
      limit: '9',
      category: 'spices',
      subCategory: 'base',
      filter: 'פלפל',
    })
    expect(screen.getByLabelText('קטגוריה')).toHaveValue('spices')
    expect(screen.getByLabelText('תת־קטגוריה')).toHaveValue('base')
    expect(screen.getByLabelText('חיפוש מוצרים')).toHaveValue('פלפל')
  })

  it("offers only the chosen category's subcategories; a new category clears the subcategory and the page", async () => {
    const { user, router } = renderAt('/products?category=spices&subCategory=base&page=2')
    await screen.findByRole('link', { name: 'פלפל שחור' })
    const sub = screen.getByLabelText('תת־קטגוריה')
    expect(
      within(sub)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('תבליני בסיס')
    expect(within(sub).queryByRole('option', { name: 'קפה' })).not.toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('קטגוריה'), 'beverages')
    await waitFor(() => expect(router.state.location.search).toBe('?category=beverages'))
    const beverages = screen.getByLabelText('תת־קטגוריה')
    expect(
      within(beverages)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['תת־קטגוריה: הכול', 'קפה', 'תה', 'אלכוהול'])
    await user.selectOptions(beverages, 'coffee')
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ category: 'beverages', subCategory: 'coffee', page: '1' }),
    )
  })

  it('ignores a subcategory that does not belong to the category', async () => {
    renderAt('/products?category=flours&subCategory=coffee')
    await screen.findByRole('link', { name: 'פלפל שחור' })
    expect(lastQuery()).toEqual({ page: '1', limit: '9', category: 'flours' })
  })

  it('puts the search into the address, back to page 1, and back/forward restores it', async () => {
    const { user, router } = renderAt('/products?page=2')
    await screen.findByRole('link', { name: 'פלפל שחור' })
    await user.type(screen.getByLabelText('חיפוש מוצרים'), 'פלפל{Enter}')
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('filter')).toBe('פלפל'))
    expect(router.state.location.search).not.toContain('page=')
    await waitFor(() => expect(lastQuery()).toMatchObject({ filter: 'פלפל', page: '1' }))

    await router.navigate(-1)
    await waitFor(() => expect(screen.getByLabelText('חיפוש מוצרים')).toHaveValue(''))
  })

  it('cuts a long search to the 100 characters the list takes, says so, and still lists (issue 35)', async () => {
    const { user } = renderAt('/products')
    await screen.findByRole('link', { name: 'פלפל שחור' })
    const field = screen.getByLabelText('חיפוש מוצרים')
    await user.click(field)
    await user.paste('פלפל '.repeat(400))
    expect((field as HTMLInputElement).value).toHaveLength(100)
    expect(screen.getByRole('status')).toHaveTextContent('החיפוש מוגבל ל־100 תווים: חיפשנו לפי תחילתו')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(lastQuery().filter).toBe('פלפל '.repeat(20).trim()))
    expect(await screen.findByRole('link', { name: 'פלפל שחור' })).toBeVisible()
  })

  it('searches the first 100 characters of a longer shared address', async () => {
    renderAt(`/products?filter=${encodeURIComponent('א'.repeat(2000))}`)
    await screen.findByRole('link', { name: 'פלפל שחור' })
    expect(lastQuery().filter).toBe('א'.repeat(100))
  })

  it('shows the empty state', async () => {
    answer = () => page([])
    renderAt('/products?filter=אין')
    expect(await screen.findByText('לא נמצאו מוצרים')).toBeInTheDocument()
  })

  it('shows the list error toast when the list fails', async () => {
    answer = () => Response.json({ success: false, code: 'INTERNAL_ERROR', message: 'boom' }, { status: 500 })
    renderWithProviders([{ path: '/products', element: <ProductsCatalog /> }], { path: '/products' })
    expect(await screen.findByText('אירעה שגיאה בטעינת המוצרים')).toBeInTheDocument()
  })
})
