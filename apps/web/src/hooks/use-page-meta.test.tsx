import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, makeProduct, notFound, ok, page } from '../testing/catalog-data'
import { renderApp } from '../testing/render'

const ORIGIN = 'https://shop.example.co.il'
const berbere = makeProduct()

/** What the server writes into index.html for /products/{id} (a crawler's view). */
const serverHead = `
  <title data-page-head>ברברה | תבלין</title>
  <meta data-page-head name="description" content="תערובת תבלינים חריפה" />
  <link data-page-head rel="canonical" href="${ORIGIN}/products/${berbere._id}/info" />
  <meta data-page-head property="og:url" content="${ORIGIN}/products/${berbere._id}/info" />
  <meta data-page-head property="og:title" content="ברברה | תבלין" />
  <script data-page-head type="application/ld+json">{"@type":"Product","name":"ברברה"}</script>
  <link rel="icon" href="/favicon.svg" />`

const metaContent = (selector: string) => document.head.querySelector(selector)?.getAttribute('content')
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')
const jsonLd = () =>
  [...document.head.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  )

beforeEach(() => {
  fakeApi((url) => {
    if (url.pathname === `/api/products/${berbere._id}`) return ok(berbere)
    if (url.pathname === '/api/products') return page([berbere])
    if (url.pathname.startsWith('/api/products/')) return notFound()
    return page([])
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  document.head.innerHTML = ''
})

describe('page head', () => {
  it('gives a list page its title, description, canonical address and Open Graph tags', async () => {
    renderApp('/products?category=spices')
    await screen.findByRole('heading', { level: 1, name: 'החנות' })
    await waitFor(() => expect(document.title).toBe('החנות | תבלין'))
    const description = metaContent('meta[name="description"]')
    expect(description).toMatch(/^תבלינים, תערובות, קמחים/)
    expect(metaContent('meta[property="og:description"]')).toBe(description)
    // No canonical from a server here (the dev server's case): the page's own origin.
    expect(canonical()).toBe(`${window.location.origin}/products`)
    expect(metaContent('meta[property="og:locale"]')).toBe('he_IL')
    expect(metaContent('meta[property="og:site_name"]')).toBe('תבלין')
    expect(metaContent('meta[property="og:type"]')).toBe('website')
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull()
    expect(jsonLd()).toEqual([])
  })

  it("updates the server's tags in place on a product page, on the server's origin, never doubling them", async () => {
    document.head.innerHTML = serverHead
    renderApp(`/products/${berbere._id}`)
    await screen.findByRole('heading', { level: 1, name: 'ברברה' })

    const url = `${ORIGIN}/products/${berbere._id}/info`
    await waitFor(() => expect(jsonLd()[0]).toHaveProperty('offers'))
    expect(document.head.querySelectorAll('title')).toHaveLength(1)
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1)
    expect(jsonLd()).toHaveLength(1)
    expect(document.title).toBe('ברברה | תבלין')
    expect(canonical()).toBe(url)
    expect(metaContent('meta[property="og:image"]')).toBe(`${ORIGIN}/uploads/products/berbere-960.webp`)
    expect(jsonLd()[0]).toMatchObject({
      '@type': 'Product',
      name: 'ברברה',
      url,
      offers: [
        { '@type': 'Offer', name: '100 גרם', price: '16.90', priceCurrency: 'ILS' },
        { '@type': 'Offer', name: '250 גרם', price: '34.50', priceCurrency: 'ILS' },
      ],
    })
    // Tags the page does not own stay.
    expect(document.head.querySelector('link[rel="icon"]')).not.toBeNull()
  })

  it('takes a private page out of search results when the visitor moves there', async () => {
    document.head.innerHTML = serverHead
    const { router } = renderApp(`/products/${berbere._id}/info`)
    await waitFor(() => expect(jsonLd()[0]).toHaveProperty('offers'))
    await router.navigate('/checkout/payment-pending')
    await screen.findByRole('heading', { level: 1, name: 'אין תשלום פתוח' })
    await waitFor(() => expect(document.title).toBe('אין תשלום פתוח | תבלין'))
    expect(metaContent('meta[name="robots"]')).toBe('noindex')
    expect(canonical()).toBeUndefined()
    expect(jsonLd()).toEqual([])
    expect(metaContent('meta[property="og:url"]')).toBe(`${ORIGIN}/checkout/payment-pending`)
  })

  it('gives the checkout page a canonical address and lets it be indexed (decision 086)', async () => {
    document.head.innerHTML = serverHead
    renderApp('/checkout')
    await screen.findByRole('heading', { level: 1, name: 'סיום הזמנה' })
    await waitFor(() => expect(document.title).toBe('סיום הזמנה | תבלין'))
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull()
    expect(canonical()).toBe(`${ORIGIN}/checkout`)
  })

  it('marks a missing product and an unknown address noindex', async () => {
    const NOT_FOUND_TEXT =
      'הדף שחיפשתם לא נמצא: ייתכן שהכתובת השתנתה או שהדף הוסר. אפשר לחפש בחנות או להמשיך מכאן.'
    const { router } = renderApp('/products/00000000-0000-4000-8000-000000000000/info')
    expect(await screen.findByText('המוצר אינו זמין כרגע.')).toBeInTheDocument()
    await waitFor(() => expect(metaContent('meta[name="robots"]')).toBe('noindex'))
    expect(document.title).toBe('פרטי מוצר | תבלין')

    await router.navigate('/no-such-page')
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('הדף לא נמצא | תבלין'))
    expect(metaContent('meta[name="robots"]')).toBe('noindex')
    expect(metaContent('meta[name="description"]')).toBe(NOT_FOUND_TEXT)
  })
})
