import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, ok } from '../../testing/fake-admin-api'
import { shopDetails } from '../../testing/fake-api'
import { expectLabelsInNames } from '../../testing/label-in-name'
import { useCartStore } from '../../stores/cart-store'
import { useCartUiStore } from '../../stores/cart-ui-store'
import { useThemeStore } from '../../features/theme/theme-store'
import { renderApp } from '../../testing/render'

function fillCart(quantity: number) {
  act(() => {
    useCartStore.setState({
      lines: quantity ? [{ itemId: 'p-1', itemType: 'Product', quantity, size: '100g', price: 10 }] : [],
    })
  })
}

beforeEach(() => {
  useCartStore.setState({ lines: [] })
  useCartUiStore.setState({ isOpen: false })
  useThemeStore.setState({ theme: 'light' })
})
afterEach(() => vi.restoreAllMocks())

describe('header', () => {
  it('has the top navigation with every section of spec §2', async () => {
    renderApp('/')
    const banner = await screen.findByRole('banner')
    const nav = within(banner).getByRole('navigation', { name: 'ניווט ראשי' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['דף הבית', '/'],
      ['חנות', '/products'],
      ['מארזים', '/packages'],
      ['מתכונים', '/recipes'],
      ['אירועים', '/events'],
      ['אודות', '/about'],
    ])
  })

  it('marks the current section', async () => {
    renderApp('/recipes/abc')
    const nav = within(await screen.findByRole('banner')).getByRole('navigation')
    expect(within(nav).getByRole('link', { name: 'מתכונים' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'דף הבית' })).not.toHaveAttribute('aria-current')
  })

  it('hides the cart badge at 0, shows the count, and caps it at 99+', async () => {
    renderApp('/')
    const button = await screen.findByRole('button', { name: /סל הקניות/ })
    expect(button).toHaveTextContent(/^$/)

    fillCart(3)
    expect(button).toHaveTextContent('3')
    expect(button).toHaveAccessibleName('סל הקניות, 3 פריטים')

    fillCart(99)
    expect(button).toHaveTextContent('99')

    fillCart(100)
    expect(button).toHaveTextContent('99+')
    // Read "99+" as written, not reordered to "+99" by the right-to-left page.
    expect(within(button).getByText('99+')).toHaveAttribute('dir', 'ltr')
  })

  it('opens the cart drawer from the cart button once its code is in', async () => {
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: /סל הקניות/ }))
    await vi.waitFor(() => expect(useCartUiStore.getState().isOpen).toBe(true))
    expect(await screen.findByRole('dialog')).toBeVisible()
  })

  it('toggles the theme, named for what it does in each, stores it under theme and marks <html> dark', async () => {
    const { user } = renderApp('/')
    const banner = await screen.findByRole('banner')
    const toggle = within(banner).getByRole('button', { name: 'מעבר למצב כהה' })

    await user.click(toggle)
    expect(toggle).toHaveAccessibleName('מעבר למצב בהיר')
    expect(document.documentElement).toHaveClass('dark')
    expect(JSON.parse(localStorage.getItem('theme') ?? '{}')).toEqual({
      state: { theme: 'dark' },
      version: 0,
    })

    await user.click(toggle)
    expect(toggle).toHaveAccessibleName('מעבר למצב כהה')
    expect(document.documentElement).not.toHaveClass('dark')
    expect(JSON.parse(localStorage.getItem('theme') ?? '{}').state.theme).toBe('light')
  })

  it('offers sign-in in the account slot', async () => {
    renderApp('/')
    const banner = await screen.findByRole('banner')
    expect(within(banner).getByRole('button', { name: 'כניסה' })).toBeEnabled()
  })

  it('hides while scrolling down and comes back on scrolling up', async () => {
    renderApp('/')
    const banner = await screen.findByRole('banner')
    const scrollTo = async (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
      fireEvent.scroll(window)
      await act(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    }
    await scrollTo(400)
    expect(banner).toHaveAttribute('data-hidden', 'true')
    await scrollTo(300)
    expect(banner).toHaveAttribute('data-hidden', 'false')
    await scrollTo(0)
  })
})

describe('mobile menu', () => {
  it('opens a labelled dialog with the nav links and the controls', async () => {
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'פתיחת התפריט' }))
    const dialog = await screen.findByRole('dialog', { name: 'תפריט' })
    expect(within(dialog).getAllByRole('link')).toHaveLength(6)
    expect(within(dialog).getByRole('button', { name: 'מעבר למצב כהה' })).toBeInTheDocument()
    expectLabelsInNames()
    expect(within(dialog).getByRole('button', { name: 'כניסה' })).toBeInTheDocument()
  })

  it('closes with its close button', async () => {
    const { user } = renderApp('/')
    const trigger = await screen.findByRole('button', { name: 'פתיחת התפריט' })
    await user.click(trigger)
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await user.click(await screen.findByRole('button', { name: 'סגירת התפריט' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
  })

  it('navigates and closes when a link is chosen', async () => {
    const { user, router } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'פתיחת התפריט' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('link', { name: 'מארזים' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'מארזים' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/packages')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('footer', () => {
  it('links to about, store, recipes, contact, privacy, terms, shipping, accessibility and cancelling', async () => {
    renderApp('/')
    const footer = await screen.findByRole('contentinfo')
    const nav = within(footer).getByRole('navigation', { name: 'קישורים' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['אודות', '/about'],
      ['חנות', '/products'],
      ['מתכונים', '/recipes'],
      ['צור קשר', '/contact'],
      ['מדיניות פרטיות', '/privacy'],
      ['תנאי שימוש', '/terms'],
      ['משלוחים והחזרות', '/shipping'],
      ['הצהרת נגישות', '/accessibility'],
      ['ביטול עסקה', '/cancel-order'],
    ])
  })

  it("links the shop's social pages as the owner set them, the newsletter region and the rights line", async () => {
    fakeApi({
      'GET /api/shop/details': () =>
        ok({
          ...shopDetails,
          instagramUrl: 'https://www.instagram.com/tavlin.shop',
          facebookUrl: '',
        }),
    })
    renderApp('/')
    const footer = await screen.findByRole('contentinfo')
    expect(await within(footer).findByRole('link', { name: 'תבלין באינסטגרם' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/tavlin.shop',
    )
    expect(within(footer).getByText('עקבו אחרינו')).toBeInTheDocument()
    // Not set: no link, never a "#" that leads nowhere.
    expect(within(footer).queryByRole('link', { name: 'תבלין בפייסבוק' })).not.toBeInTheDocument()
    expect(within(footer).getByRole('region', { name: 'הצטרפו לניוזלטר' })).toBeInTheDocument()
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} תבלין. כל הזכויות שמורות.`),
    ).toBeInTheDocument()
  })

  it('shows no social block while the shop has no social pages', async () => {
    fakeApi({ 'GET /api/shop/details': () => ok(shopDetails) })
    renderApp('/')
    const footer = await screen.findByRole('contentinfo')
    // The details arrived (the footer's address), and still no social block.
    expect(await within(footer).findByText(shopDetails.legalName)).toBeInTheDocument()
    expect(within(footer).queryByText('עקבו אחרינו')).not.toBeInTheDocument()
    expect(within(footer).queryByRole('link', { name: /באינסטגרם|בפייסבוק/ })).not.toBeInTheDocument()
  })

  it('opens the linked page at its top, and glides back up on a link to the page already shown', async () => {
    const { user } = renderApp('/')
    const footer = await screen.findByRole('contentinfo')
    await user.click(within(footer).getByRole('link', { name: 'צור קשר' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'צור קשר' })).toBeInTheDocument()
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'instant' })
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'צור קשר' }))
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' })
  })
})
