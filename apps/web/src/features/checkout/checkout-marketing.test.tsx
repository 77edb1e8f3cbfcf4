import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/render'
import {
  created,
  endCheckout,
  fillValid,
  startCheckout,
  submit,
  type CheckoutApi,
} from '../../testing/checkout-fixtures'

// The checkout's marketing box (issue 36, Communications Law §30א): unticked until the shopper
// ticks it; only a tick is sent, and the server then mails the address a link to confirm.
let api: CheckoutApi

beforeEach(() => {
  api = startCheckout().api
})
afterEach(endCheckout)

const CONSENT =
  'אני מסכים/ה לקבל מתבלין דיוור שיווקי (פרסומת) בדואר האלקטרוני. אפשר להסיר את ההסכמה בכל עת בקישור שבכל הודעה.'

describe('the marketing box at checkout', { timeout: 15_000 }, () => {
  it('starts unticked, says what a tick does, and sends marketingConsent only when ticked', async () => {
    api.queue('POST /api/orders/generate-sale', created)
    const { user } = renderApp('/checkout')
    await fillValid(user)
    // The footer's newsletter form has its own box; this is the checkout's.
    const box = within(screen.getByRole('main')).getByRole('checkbox', { name: CONSENT })
    expect(box).not.toBeChecked()
    expect(box).toHaveAccessibleDescription(/רק אחרי האישור נשלח לכם פרסומות/)
    await user.click(box)
    await submit(user)
    await waitFor(() => expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(1))
    expect(api.callsTo('POST', '/api/orders/generate-sale')[0]!.body).toMatchObject({
      marketingConsent: true,
    })
  })
})
