import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, makeProduct, notFound, ok, page } from '../../testing/catalog-data'
import { renderApp } from '../../testing/render'

afterEach(() => vi.restoreAllMocks())

const labelled = makeProduct({
  labelling: {
    ingredients: 'פלפל צ׳ילי, מלח, שום',
    allergens: ['sesame'],
    mayContain: ['mustard', 'celery'],
    nutrition: {
      energyKcal: 293,
      proteinGrams: 12,
      carbohydrateGrams: 32,
      sugarGrams: 9,
      fatGrams: 11,
      saturatedFatGrams: 1.9,
      sodiumMilligrams: 2400,
      fibreGrams: 26,
    },
    countryOfOrigin: 'אתיופיה',
    storage: 'במקום קריר ויבש',
  },
  redWarnings: ['sodium'],
})

function serve(product: ReturnType<typeof makeProduct>) {
  fakeApi((url) => {
    if (url.pathname === `/api/products/${product._id}`) return ok(product)
    if (url.pathname === '/api/products') return page([])
    return notFound()
  })
  renderApp(`/products/${product._id}/info`)
}

describe('food labelling on the product page (issue 18)', () => {
  it('shows an accessible nutrition table, the red symbol in words, and the labelling facts', async () => {
    serve(labelled)
    const table = await screen.findByRole('table', { name: 'ערכים תזונתיים ל־100 גרם' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['רכיב תזונתי', 'ל־100 גרם'])
    expect(within(table).getAllByRole('rowheader')).toHaveLength(8)
    const sodium = within(table).getByRole('rowheader', { name: 'נתרן (מ״ג)' }).closest('tr')!
    expect(within(sodium).getByRole('cell')).toHaveTextContent('2,400')
    const symbols = screen.getByRole('list', { name: 'סמלים אדומים' })
    expect(within(symbols).getByRole('listitem')).toHaveTextContent('כמות גבוהה של נתרן')
    expect(screen.getByText('פלפל צ׳ילי, מלח, שום')).toBeInTheDocument()
    expect(screen.getByText('שומשום')).toBeInTheDocument()
    expect(screen.getByText('חרדל, סלרי')).toBeInTheDocument()
    expect(screen.getByText('אתיופיה', { selector: 'dd' })).toBeInTheDocument()
    expect(screen.getByText('במקום קריר ויבש')).toBeInTheDocument()
  })

  it('says per 100 ml for a drink', async () => {
    serve(
      makeProduct({
        ...labelled,
        _id: '33333333-3333-4333-8333-333333333333',
        categories: [{ nameInEnglish: 'beverages', nameInHebrew: 'משקאות' }],
        subCategories: [],
      }),
    )
    expect(await screen.findByRole('table', { name: 'ערכים תזונתיים ל־100 מ״ל' })).toBeInTheDocument()
  })

  it('shows no table and no labelling section for a product without values', async () => {
    serve(makeProduct())
    expect(await screen.findByRole('heading', { level: 1, name: 'ברברה' })).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'סימון תזונתי ורכיבים' })).not.toBeInTheDocument()
  })
})
