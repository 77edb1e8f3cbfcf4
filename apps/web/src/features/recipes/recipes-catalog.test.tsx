import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Recipe } from '@tavlin/contracts'
import { fakeApi, makeProduct, notFound, ok, page } from '../../testing/catalog-data'
import { renderApp } from '../../testing/render'

const berbere = makeProduct()
const doro: Recipe = {
  _id: '33333333-3333-4333-8333-333333333333',
  name: 'דורו ווט',
  description: 'תבשיל עוף חגיגי בברברה',
  image: '/uploads/recipes/doro-640.webp',
  difficulty: 'Medium',
  prepTime: '90 דקות',
  servings: 4,
  categories: [{ nameInEnglish: 'stew', nameInHebrew: 'תבשיל' }],
  ingredients: [{ _id: 'i1', name: 'ברברה', quantity: '3 כפות', existsInProducts: true }],
  instructions: [{ _id: 's1', step: 1, description: 'לבשל' }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

afterEach(() => vi.restoreAllMocks())

function serve(recipesWithBerbere: Recipe[]) {
  return fakeApi((url) => {
    if (url.pathname === `/api/products/${berbere._id}`) return ok(berbere)
    if (url.pathname === '/api/recipes') {
      const productId = url.searchParams.get('productId')
      return page(
        productId === berbere._id
          ? recipesWithBerbere
          : productId
            ? []
            : [doro, { ...doro, _id: 'x', name: 'אחר' }],
      )
    }
    if (url.pathname.startsWith('/api/products')) return page([])
    return notFound()
  })
}

describe('recipes with a product', () => {
  it('"מתכונים עם המוצר" on the product page lists only the recipes that use it', async () => {
    const requests = serve([doro])
    const { user, router } = renderApp(`/products/${berbere._id}/info`)
    await user.click(await screen.findByRole('link', { name: 'מתכונים עם המוצר' }))
    expect(await screen.findByRole('heading', { name: 'מתכונים עם ברברה' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'דורו ווט' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'אחר' })).not.toBeInTheDocument()
    const asked = requests.filter((url) => url.pathname === '/api/recipes').at(-1)
    expect(asked?.searchParams.get('productId')).toBe(berbere._id)

    await user.click(screen.getByRole('button', { name: 'לכל המתכונים' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(await screen.findByRole('link', { name: 'אחר' })).toBeInTheDocument()
  })

  it('the product page has no "מתכונים עם המוצר" when no recipe uses the product (issue 35)', async () => {
    const requests = serve([])
    renderApp(`/products/${berbere._id}/info`)
    expect(await screen.findByRole('heading', { level: 1, name: 'ברברה' })).toBeInTheDocument()
    await waitFor(() =>
      expect(requests.some((url) => url.searchParams.get('productId') === berbere._id)).toBe(true),
    )
    expect(screen.queryByRole('link', { name: 'מתכונים עם המוצר' })).not.toBeInTheDocument()
    expect(screen.queryByText(/עדיין אין מתכונים/)).not.toBeInTheDocument()
  })

  it('says so when no recipe uses the product, with a way back to it', async () => {
    serve([])
    renderApp(`/recipes?productId=${berbere._id}`)
    expect(await screen.findByText('עדיין אין מתכונים עם ברברה.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'חזרה למוצר' })).toHaveAttribute(
      'href',
      `/products/${berbere._id}/info`,
    )
  })

  it('ignores a productId that is not an id', async () => {
    const requests = serve([])
    renderApp('/recipes?productId=abc')
    expect(await screen.findByRole('link', { name: 'אחר' })).toBeInTheDocument()
    const asked = requests.filter((url) => url.pathname === '/api/recipes').at(-1)
    expect(asked?.searchParams.has('productId')).toBe(false)
  })
})
