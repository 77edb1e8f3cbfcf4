import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEMO_BUSINESS_DETAILS } from '@tavlin/contracts'
import { makeProduct } from '../../../testing/admin-data'
import { fakeApi, ok, page, stubObjectUrls } from '../../../testing/fake-admin-api'
import { renderApp } from '../../../testing/render'
import { configResponse, fakeOidc, fakeUser, storeSessionHint } from '../../../testing/fake-oidc-client'
import { useAuthStore } from '../../../features/auth/auth-store'

// The edge of the system: the OIDC library, holding an administrator's stored session,
// so the real guard lets these tests into /admin.
vi.mock('oidc-client-ts', () => import('../../../testing/fake-oidc-client'))

const product = makeProduct()

beforeEach(() => {
  stubObjectUrls()
  fakeOidc.reset()
  storeSessionHint()
  fakeOidc.storedUser = fakeUser(['Admin'])
  useAuthStore.reset()
})
afterEach(() => vi.restoreAllMocks())

function catalogueApi({
  isSandbox = false,
  extra = {},
}: { isSandbox?: boolean; extra?: Record<string, () => Response> } = {}) {
  return fakeApi({
    ...extra,
    'GET /api/admin/products': () => page([product]),
    [`GET /api/admin/products/${product._id}`]: () => ok(product),
    [`PUT /api/products/${product._id}`]: () => ok(makeProduct({ name: 'ברברה חריפה' })),
    'GET /api/orders': () => page([]),
    'GET /api/recipes': () => page([]),
    'GET /api/config': () => configResponse({ isSandbox }),
  })
}

// Two cores shared by several engineers' test runs: allow for a slow machine.
const SLOW = { timeout: 5_000 }
const adminMenu = () => screen.getAllByRole('navigation', { name: 'תפריט הניהול' })[0]!
const sectionHeading = (name: string) => screen.getByRole('heading', { level: 2, name })

/** The admin chunk is imported on first visit; the first test pays for transforming it. */
async function openAdmin(path: string) {
  const view = renderApp(path)
  await screen.findByRole('heading', { level: 1, name: 'לוח ניהול' }, { timeout: 15_000 })
  return view
}

describe('admin dashboard sections', { timeout: 20_000 }, () => {
  it('opens on products, with the side menu marking it', async () => {
    catalogueApi()
    await openAdmin('/admin')
    expect(within(adminMenu()).getByRole('link', { name: 'מוצרים' })).toHaveAttribute('aria-current', 'page')
    expect(
      within(adminMenu())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'לוח בקרה',
      'מוצרים',
      'מתכונים',
      'מארזים',
      'הזמנות',
      'בקשות ביטול',
      'קופונים',
      'משלוחים',
      'מלאי',
      'חוות דעת',
      'הוספת מוצר',
      'הוספת מארז',
      'הוספת מתכון',
      'פניות וטפסים',
      'יומן פעולות',
      'פרטי העסק',
      'עמודי מידע',
      'פרטיות',
    ])
    expect(await screen.findByRole('rowheader', { name: 'ברברה' }, SLOW)).toBeInTheDocument()
  })

  it('warns in Hebrew on every section while payments go to the sandbox, and not otherwise', async () => {
    catalogueApi({ isSandbox: true })
    const { user } = await openAdmin('/admin')
    const banner = await screen.findByRole('alert', {}, SLOW)
    expect(banner).toHaveTextContent('מצב ארגז חול: התשלומים אינם אמיתיים')
    expect(banner).toHaveTextContent('לא נגבה כסף')
    await user.click(within(adminMenu()).getByRole('link', { name: 'הזמנות' }))
    expect(screen.getByRole('alert')).toHaveTextContent('מצב ארגז חול')
  })

  it('shows each notice on one line, its reason folded, and hides it for the session once dismissed', async () => {
    catalogueApi({
      isSandbox: true,
      extra: {
        'GET /api/admin/shop/details': () =>
          ok({
            saved: { ...DEMO_BUSINESS_DETAILS, instagramUrl: '', facebookUrl: '' },
            missing: ['legalName', 'phone'],
            updatedAt: null,
          }),
      },
    })
    const { user } = await openAdmin('/admin')
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2), SLOW)
    const [banner, details] = screen.getAllByRole('alert') as [HTMLElement, HTMLElement]
    // The line: the title as the summary of a closed disclosure, the reason inside it.
    const summary = within(banner).getByText('מצב ארגז חול: התשלומים אינם אמיתיים')
    expect(summary.tagName).toBe('SUMMARY')
    expect(summary.closest('details')).not.toHaveAttribute('open')
    expect(within(details).getByText('פרטי העסק לא הושלמו').tagName).toBe('SUMMARY')
    expect(within(details).getByRole('link', { name: 'להשלמת פרטי העסק' })).toHaveAttribute(
      'href',
      '/admin?section=settings',
    )

    await user.click(within(banner).getByRole('button', { name: 'הסתרת ההודעה על ארגז החול עד סוף הביקור' }))
    await user.click(within(details).getByRole('button', { name: 'הסתרת ההודעה על פרטי העסק עד סוף הביקור' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await user.click(within(adminMenu()).getByRole('link', { name: 'הזמנות' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'הזמנות' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(Object.keys(sessionStorage)).toEqual(
      expect.arrayContaining([
        'notice-dismissed:payments-sandbox',
        'notice-dismissed:missing-business-details',
      ]),
    )
  })

  it('shows no sandbox banner when a real payment provider is configured', async () => {
    catalogueApi()
    await openAdmin('/admin')
    await screen.findByRole('rowheader', { name: 'ברברה' }, SLOW)
    expect(screen.queryByText(/מצב ארגז חול/)).not.toBeInTheDocument()
  })

  it('keeps the section in the address, so back returns to the previous one', async () => {
    catalogueApi()
    const { user, router } = await openAdmin('/admin')
    await screen.findByRole('rowheader', { name: 'ברברה' }, SLOW)
    await user.click(within(adminMenu()).getByRole('link', { name: 'הזמנות' }))
    expect(router.state.location.search).toBe('?section=orders')
    expect(await screen.findByText('לא נמצאו הזמנות', {}, SLOW)).toBeInTheDocument()
    expect(sectionHeading('הזמנות')).toBeInTheDocument()
    expect(sectionHeading('הזמנות')).toHaveFocus()

    await router.navigate(-1)
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(await screen.findByRole('rowheader', { name: 'ברברה' }, SLOW)).toBeInTheDocument()
  })

  it('edit sections keep their target in the address; other sections clear it', async () => {
    catalogueApi()
    const { user, router } = await openAdmin('/admin')
    await user.click(await screen.findByRole('button', { name: 'עריכה: ברברה' }))
    expect(router.state.location.search).toBe(`?section=edit-product&id=${product._id}`)
    expect(await screen.findByLabelText('שם', {}, SLOW)).toHaveValue('ברברה')

    await user.click(within(adminMenu()).getByRole('link', { name: 'הוספת מוצר' }))
    expect(router.state.location.search).toBe('?section=add-product')
    expect(sectionHeading('הוספת מוצר')).toBeInTheDocument()
    expect(screen.getByLabelText('שם')).toHaveValue('')
  })

  it('reopens the edit target after a reload and returns to the list after saving', async () => {
    const api = catalogueApi()
    const { user, router } = await openAdmin(`/admin?section=edit-product&id=${product._id}`)
    expect(await screen.findByLabelText('שם', {}, SLOW)).toHaveValue('ברברה')
    expect(sectionHeading('עריכת מוצר')).toBeInTheDocument()
    expect(within(adminMenu()).getByRole('link', { name: 'מוצרים' })).toHaveAttribute('aria-current', 'page')

    await user.click(screen.getByRole('button', { name: 'שמירה' }))
    expect(await screen.findByText('המוצר עודכן בהצלחה')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?section=products')
    expect(await screen.findByRole('table', { name: 'מוצרים' })).toBeInTheDocument()
    expect(api.callsTo(`PUT /api/products/${product._id}`)).toHaveLength(1)
  })

  it('offers the same menu in a drawer for small screens, closing it on navigation', async () => {
    catalogueApi()
    const { user, router } = await openAdmin('/admin')
    await user.click(screen.getByRole('button', { name: 'פתיחת תפריט הניהול' }))
    const drawer = await screen.findByRole('dialog', { name: 'תפריט הניהול' })
    await user.click(within(drawer).getByRole('link', { name: 'מתכונים' }))
    expect(router.state.location.search).toBe('?section=recipes')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sectionHeading('מתכונים')).toBeInTheDocument()
  })

  it('falls back to products for an unknown section', async () => {
    catalogueApi()
    await openAdmin('/admin?section=nonsense')
    expect(await screen.findByRole('rowheader', { name: 'ברברה' }, SLOW)).toBeInTheDocument()
    expect(sectionHeading('מוצרים')).toBeInTheDocument()
  })
})
