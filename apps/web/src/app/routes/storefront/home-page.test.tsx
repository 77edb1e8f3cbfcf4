import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makePackage, makeProduct, makeRecipe } from '../../../testing/admin-data'
import { fakeApi, ok, publicConfig, shopDetails } from '../../../testing/fake-api'
import { renderApp } from '../../../testing/render'

const SECTIONS = [
  'מה מחפשים היום?',
  'המומחיות שלנו',
  'המוצרים המבוקשים',
  'מתכונים מהמטבח שלנו',
  'קנו לפי קטגוריה',
  'הצטרפו למאמצים המוקדמים',
  'מארזים מוכנים',
  'שאלות ותשובות',
  'ההתחייבות שלנו',
  'מי אנחנו',
]

const pageOf = (items: unknown[]) => ok({ items, currentPage: 1, totalPages: 1, totalItems: items.length })

function serveCatalogue() {
  return fakeApi({
    'GET /api/products/random': () => pageOf([makeProduct()]),
    'GET /api/recipes/random': () => pageOf([makeRecipe()]),
    'GET /api/packages/random': () => pageOf([makePackage()]),
    'GET /api/config': () => ok({ ...publicConfig, deliveryDays: { min: 2, max: 4 } }),
    'GET /api/shop/details': () => ok(shopDetails),
  })
}

// jsdom counts every place as in view (testing/setup.ts), so the sections that wait to
// scroll near load at once here; e2e/storefront.spec.ts scrolls a real page.
describe('home page', () => {
  it('shows every section of spec §2 in order, with the ones loaded on scrolling filled in', async () => {
    serveCatalogue()
    renderApp('/')
    const main = await screen.findByRole('main')
    expect(
      await within(main).findByRole('button', { name: 'איך אתם שומרים על איכות התבלינים?' }),
    ).toBeInTheDocument()
    const headings = within(main)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent)
    expect(headings.filter((text) => SECTIONS.includes(text ?? ''))).toEqual(SECTIONS)
    const recipes = within(main).getByRole('region', { name: 'מתכונים מהמטבח שלנו' })
    expect(await within(recipes).findByRole('link', { name: 'מיסיר וואט' })).toBeInTheDocument()
    const packages = within(main).getByRole('region', { name: 'מארזים מוכנים' })
    expect(await within(packages).findByRole('link', { name: 'מארז אינג׳רה' })).toBeInTheDocument()
  })

  it('answers the delivery question with what the delivery methods say (issue 35)', async () => {
    serveCatalogue()
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'האם יש משלוחים לכל הארץ?' }))
    expect(await screen.findByText(/ימי העסקים הם ראשון עד חמישי/)).toHaveTextContent(
      `${shopDetails.delivery} ימי העסקים הם ראשון עד חמישי.`,
    )
  })

  it('opens the early-adopters popup from the banner and gives the focus back on closing', async () => {
    serveCatalogue()
    const { user } = renderApp('/')
    const join = await screen.findByRole('button', { name: 'להצטרפות' })
    await user.click(join)
    const dialog = await screen.findByRole('dialog', { name: 'הצטרפו למאמצים המוקדמים' })
    expect(within(dialog).getByLabelText('שם מלא')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(join).toHaveFocus()
  })
})
