import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makePackage, makeRecipe } from '../../testing/admin-data'
import { fakeApi, page } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { RandomPackages, RandomRecipes } from './home-sections'

afterEach(() => vi.restoreAllMocks())

/** A viewport `width` px wide, as matchMedia answers the shop's one width query. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 768px)' && width <= 768,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

const recipes = [1, 2, 3].map((n) => makeRecipe({ _id: `r${n}`, name: `מתכון ${n}` }))
const packages = [1, 2, 3].map((n) => makePackage({ _id: `p${n}`, name: `מארז ${n}` }))

describe('random home sections (spec §7, §9)', () => {
  it.each([
    [375, '1'],
    [768, '1'],
    [769, '3'],
    [1280, '3'],
  ])('at %i px ask for %s recipe(s) and %s package(s)', async (width, limit) => {
    viewport(width)
    const api = fakeApi({
      'GET /api/recipes/random': (call) => page(recipes.slice(0, Number(call.query.get('limit')))),
      'GET /api/packages/random': (call) => page(packages.slice(0, Number(call.query.get('limit')))),
    })
    renderWithProviders(
      <>
        <RandomRecipes />
        <RandomPackages />
      </>,
    )
    expect(await screen.findByText('מתכון 1')).toBeInTheDocument()
    expect(await screen.findByText('מארז 1')).toBeInTheDocument()
    expect(api.callsTo('GET /api/recipes/random')[0]?.query.get('limit')).toBe(limit)
    expect(api.callsTo('GET /api/packages/random')[0]?.query.get('limit')).toBe(limit)
    const section = screen.getByRole('region', { name: 'מתכונים מהמטבח שלנו' })
    expect(within(section).getAllByRole('listitem')).toHaveLength(Number(limit))
  })
})
