import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, makePackage, notFound, ok, page } from '../../testing/catalog-data'
import { renderApp } from '../../testing/render'

afterEach(() => vi.restoreAllMocks())

const kit = makePackage({
  name: 'מארז מיסיר ווט',
  ingredientsQuantity: 3,
  items: [
    {
      productId: '11111111-1111-4111-8111-111111111111',
      productName: 'עדשים אדומות',
      sizeName: '1 ק״ג',
      quantity: 1,
    },
    {
      productId: '44444444-4444-4444-8444-444444444444',
      productName: 'ברברה',
      sizeName: '100 גרם',
      quantity: 2,
    },
    {
      productId: '55555555-5555-4555-8555-555555555555',
      productName: 'ניטר קיבה',
      sizeName: '250 גרם',
      quantity: 1,
      isProductHidden: true,
    },
  ],
})

describe('package page', () => {
  it('lists what the package holds, each product the shop shows linked, with its size and quantity', async () => {
    fakeApi((url) => {
      if (url.pathname === `/api/packages/${kit._id}`) return ok(kit)
      if (url.pathname === '/api/packages') return page([])
      return notFound()
    })
    renderApp(`/packages/${kit._id}/info`)
    const contents = await screen.findByRole('region', { name: 'מה במארז' })
    const rows = within(contents).getAllByRole('listitem')
    expect(rows).toHaveLength(3)
    expect(within(rows[1]!).getByRole('link', { name: 'ברברה' })).toHaveAttribute(
      'href',
      '/products/44444444-4444-4444-8444-444444444444/info',
    )
    expect(rows[1]).toHaveTextContent('גודל: 100 גרם · כמות: 2')
    expect(rows[0]).toHaveTextContent('גודל: 1 ק״ג · כמות: 1')
    // A product the shop hides is named, without a link to a page that is not there (decision 293).
    expect(rows[2]).toHaveTextContent('ניטר קיבה')
    expect(within(rows[2]!).queryByRole('link')).not.toBeInTheDocument()
    // The count the page states is the list's.
    expect(screen.getByText('3 מרכיבים')).toBeInTheDocument()
  })
})
