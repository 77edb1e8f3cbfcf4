import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, ok, publicConfig } from '../../testing/fake-api'
import { renderApp } from '../../testing/render'

afterEach(() => vi.restoreAllMocks())

describe('terms page', () => {
  it('promises the configured delivery time, not a number of its own', async () => {
    fakeApi({ 'GET /api/config': () => ok({ ...publicConfig, deliveryDays: { min: 2, max: 4 } }) })
    renderApp('/terms')
    const shipping = await screen.findByText(/זמן האספקה הוא/)
    expect(shipping).toHaveTextContent('2–4 ימי עסקים (ראשון עד חמישי)')
    expect(document.body).not.toHaveTextContent(/3–5|7 ימי/)
  })

  it('does not say product pages list ingredients and allergens (they do not)', async () => {
    fakeApi({ 'GET /api/config': () => ok(publicConfig) })
    renderApp('/terms')
    const allergens = await screen.findByRole('heading', { name: 'אלרגנים' })
    const body = allergens.nextElementSibling
    expect(body).toHaveTextContent('אינו כולל רשימת רכיבים ואלרגנים מלאה')
    expect(document.body).not.toHaveTextContent('רשימת הרכיבים מופיעה בדף כל מוצר')
  })
})
