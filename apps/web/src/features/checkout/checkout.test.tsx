import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useCartStore } from '../../stores/cart-store'
import { fail } from '../../testing/fake-api'
import { renderApp } from '../../testing/render'
import { expectShopPrices } from '../../testing/price-format'
import {
  CUMIN,
  endCheckout,
  findField,
  startCheckout,
  summary,
  type CheckoutApi,
} from '../../testing/checkout-fixtures'

let api: CheckoutApi

beforeEach(() => {
  api = startCheckout().api
})
afterEach(endCheckout)

describe('checkout summary', { timeout: 15_000 }, () => {
  it('lists the lines and the totals the server will charge: shipping and the VAT inside the total', async () => {
    renderApp('/checkout')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'סיום הזמנה' }, { timeout: 5000 }),
    ).toBeInTheDocument()
    // The form and summary load with their own chunk, for a cart with something in it.
    await screen.findByRole('region', { name: 'סיכום הזמנה' }, { timeout: 5000 })
    expect(await within(summary()).findByText('כמון טחון')).toBeInTheDocument()
    expect(await within(summary()).findByText('מארז אינג׳רה')).toBeInTheDocument()
    expect(within(summary()).getByText('גודל: 100 גרם')).toBeInTheDocument()
    expect(within(summary()).getByText('25.80 ₪')).toBeInTheDocument()
    const totals = await within(summary()).findByText('סה״כ לתשלום')
    const list = totals.closest('dl')!
    expect(within(list).getByText('174.80 ₪')).toBeInTheDocument()
    expect(within(list).getByText('15.00 ₪')).toBeInTheDocument()
    expect(within(list).getByText('מתוכו מע״מ (18%)')).toBeInTheDocument()
    // 189.80 − 189.80 / 1.18, in whole agorot
    expect(within(list).getByText('28.95 ₪')).toBeInTheDocument()
    expect(within(list).getByText('189.80 ₪')).toBeInTheDocument()
    // Lines and totals alike in the shop's one form (2 lines × 2 figures + 4 totals).
    expect(expectShopPrices(summary())).toHaveLength(8)
  })

  it('marks a line whose item details cannot be loaded, keeping its price and quantity', async () => {
    api.queue(`GET /api/products/${CUMIN}`, () => fail(404, 'NOT_FOUND'))
    renderApp('/checkout')
    const missing = await screen.findByText('פריט לא נמצא', {}, { timeout: 5000 })
    const row = missing.closest('li')!
    expect(within(row).getByText('25.80 ₪')).toBeInTheDocument()
    expect(within(row).getByText('גודל: 100 גרם')).toBeInTheDocument()
  })

  it('does not offer checkout for an empty cart', async () => {
    useCartStore.setState({ lines: [] })
    renderApp('/checkout')
    expect(await screen.findByText('הסל שלכם ריק — אין עדיין מה להזמין.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'מעבר לתשלום' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'חזרה לחנות' })).toHaveAttribute('href', '/products')
  })

  it('says so when the shop settings cannot be loaded, and keeps the submit off', async () => {
    api.queue('GET /api/config', () => fail(500, 'INTERNAL_ERROR'))
    renderApp('/checkout')
    expect(await screen.findByText('לא הצלחנו לטעון את סיכום ההזמנה.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'מעבר לתשלום' })).toBeDisabled()
  })

  it('lists each loading error under the summary message (spec §8), and a retry loads them again', async () => {
    api.queue('GET /api/config', () => fail(500, 'INTERNAL_ERROR'))
    api.queue(`GET /api/products/${CUMIN}`, () => fail(503, 'SERVICE_UNAVAILABLE'))
    const { user } = renderApp('/checkout')
    const summary = await screen.findByRole('region', { name: 'סיכום הזמנה' })
    const alert = await within(summary).findByRole('alert')
    await waitFor(() => expect(within(alert).getAllByRole('listitem')).toHaveLength(2))
    expect(within(alert).getByText('לא הצלחנו לטעון את סיכום ההזמנה.')).toBeInTheDocument()
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['אירעה שגיאה בשרת. נא לנסות שוב מאוחר יותר.', 'השירות אינו זמין כרגע. נא לנסות שוב בעוד רגע.'])

    await user.click(within(alert).getByRole('button', { name: 'לנסות שוב' }))
    expect(await within(summary).findByText('189.80 ₪')).toBeInTheDocument()
    expect(await within(summary).findByText('כמון טחון')).toBeInTheDocument()
    expect(within(summary).queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('checkout exits', { timeout: 15_000 }, () => {
  it('cancel resets the form and goes to the shop, keeping the cart', async () => {
    const { user, router } = renderApp('/checkout')
    await user.type(await findField('שם פרטי'), 'נועה')
    await user.click(screen.getByRole('button', { name: 'ביטול' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'), { timeout: 5000 })
    expect(useCartStore.getState().lines).toHaveLength(2)
    await act(() => router.navigate('/checkout'))
    expect(await findField('שם פרטי')).toHaveValue('')
  })

  it('clear-cart-and-return empties the cart and goes to the shop', async () => {
    const { user, router } = renderApp('/checkout')
    await user.click(await screen.findByRole('button', { name: 'ניקוי הסל וחזרה לחנות' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'), { timeout: 5000 })
    expect(useCartStore.getState().lines).toEqual([])
  })
})
