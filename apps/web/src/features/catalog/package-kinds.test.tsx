import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, makePackage, ok, page } from '../../testing/catalog-data'
import { renderWithProviders } from '../../testing/render'
import { PackagesCatalog } from './packages-catalog'

// Spec §3's subcategories of "packages" are kinds of the ready-made packages: the packages
// page lists one kind at a time, each kind with its own address (decision 248).

afterEach(() => vi.restoreAllMocks())

const injera = makePackage({
  _id: '44444444-4444-4444-8444-444444444444',
  name: 'מארז אינג׳רה',
  subCategories: [{ nameInEnglish: 'enjera', nameInHebrew: 'אינג׳רה', nameOfParentCategory: 'packages' }],
})
const stew = makePackage({ name: 'מארז מיסיר ווט' })

function renderPackages(path: string) {
  const requests: URL[] = []
  fakeApi((url) => {
    // The cards' stars come in a request of their own; only the list's requests are the test's.
    if (url.pathname.endsWith('/reviews/ratings')) return ok({})
    requests.push(url)
    return page(url.searchParams.get('subCategory') === 'enjera' ? [injera] : [injera, stew])
  })
  const view = renderWithProviders([{ path: '/packages', element: <PackagesCatalog /> }], { path })
  return { ...view, requests }
}

describe('kinds of package on the packages page', () => {
  it('offers every kind as a link, and lists one kind from its address', async () => {
    const { user, router, requests } = renderPackages('/packages?page=2')
    const kinds = await screen.findByRole('navigation', { name: 'סוג המארז' })
    const links = within(kinds).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['כל המארזים', '/packages'],
      ['אינג׳רה', '/packages?subCategory=enjera'],
      ['אפייה', '/packages?subCategory=baking'],
      ['קינוחים', '/packages?subCategory=desserts'],
      ['תבשילים', '/packages?subCategory=stews'],
    ])
    expect(within(kinds).getByRole('link', { name: 'כל המארזים' })).toHaveAttribute('aria-current', 'page')
    expect(await screen.findByRole('heading', { name: 'מארז מיסיר ווט' })).toBeInTheDocument()

    await user.click(within(kinds).getByRole('link', { name: 'אינג׳רה' }))
    // A new kind starts again at page 1.
    expect(router.state.location.search).toBe('?subCategory=enjera')
    expect(await within(kinds).findByRole('link', { name: 'אינג׳רה' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    // The previous kind's list stays, marked busy, until the new kind's list arrives.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'מארז מיסיר ווט' })).not.toBeInTheDocument(),
    )
    expect(screen.getByRole('heading', { name: 'מארז אינג׳רה' })).toBeInTheDocument()
    expect(requests.at(-1)?.searchParams.get('subCategory')).toBe('enjera')
    expect(requests.at(-1)?.searchParams.get('page')).toBe('1')
  })

  it('ignores a kind the shop does not have', async () => {
    const { requests } = renderPackages('/packages?subCategory=spices')
    expect(await screen.findByRole('heading', { name: 'מארז מיסיר ווט' })).toBeInTheDocument()
    expect(requests.at(-1)?.searchParams.has('subCategory')).toBe(false)
  })
})
