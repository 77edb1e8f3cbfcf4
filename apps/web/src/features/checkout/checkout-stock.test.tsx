import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fail, ok, packageFixture } from '../../testing/fake-api'
import { renderApp } from '../../testing/render'
import {
  BOX,
  CUMIN,
  endCheckout,
  fillValid,
  startCheckout,
  submit,
  type CheckoutApi,
  type WindowOpen,
} from '../../testing/checkout-fixtures'

// Issue 19: the server refuses an order whose stock ran out meanwhile (409 OUT_OF_STOCK).
let api: CheckoutApi
let open: WindowOpen

beforeEach(() => {
  const started = startCheckout()
  api = started.api
  open = started.open
})
afterEach(endCheckout)

describe('checkout when stock ran out', { timeout: 15_000 }, () => {
  it('names each item that ran out and what is left, in Hebrew, and opens no payment', async () => {
    api.queue('POST /api/orders/generate-sale', () =>
      fail(409, 'OUT_OF_STOCK', {
        items: [
          { itemId: CUMIN, itemType: 'Product', name: 'כמון טחון', size: '100 גרם', requested: 2, left: 1 },
          {
            itemId: BOX,
            itemType: 'Package',
            name: 'מארז מיסיר ווט',
            size: 'package',
            requested: 1,
            left: 0,
          },
        ],
      }),
    )
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await submit(user)

    const alert = await screen.findByText('חלק מהפריטים בסל אזלו מהמלאי:')
    const box = alert.closest('[role="alert"]') as HTMLElement
    expect(box).toHaveTextContent('כמון טחון (100 גרם): הוזמנו 2, נותרו 1')
    expect(box).toHaveTextContent('מארז מיסיר ווט: הוזמנו 1, נותרו 0')
    expect(box).toHaveTextContent('נא לעדכן את הכמות בסל או להסיר את הפריט, ולנסות שוב.')
    expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(1)
    expect(open).not.toHaveBeenCalled()
  })

  it('flags in the summary a package that ran out since it went into the cart', async () => {
    api.queue(`GET /api/packages/${BOX}`, () => ok({ ...packageFixture(BOX, 'מארז אינג׳רה', 149), stock: 0 }))
    renderApp('/checkout')
    const summary = await screen.findByRole('region', { name: 'סיכום הזמנה' })
    const row = (await within(summary).findByText('מארז אינג׳רה')).closest('li')!
    expect(row).toHaveTextContent('אזל מהמלאי')
    const cumin = within(summary).getByText('כמון טחון').closest('li')!
    expect(cumin).not.toHaveTextContent('אזל מהמלאי')
  })
})
