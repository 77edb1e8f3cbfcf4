import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fail } from '../../testing/fake-api'
import { renderApp } from '../../testing/render'
import {
  askForMobilePhone,
  endCheckout,
  field,
  fillValid,
  findField,
  startCheckout,
  submit,
  type CheckoutApi,
} from '../../testing/checkout-fixtures'

let api: CheckoutApi

beforeEach(() => {
  api = startCheckout().api
})
afterEach(endCheckout)

describe('checkout form rules', { timeout: 15_000 }, () => {
  it('shows every required-field message at its field and focuses the first, sending nothing', async () => {
    const { user } = renderApp('/checkout')
    await screen.findByText('189.80 ₪')
    await submit(user)
    const expected: Array<[string, string]> = [
      ['שם פרטי', 'נא להזין שם פרטי'],
      ['שם משפחה', 'נא להזין שם משפחה'],
      ['דוא״ל', 'נא להזין כתובת דוא״ל תקינה'],
      ['טלפון', 'מספר הטלפון חייב להכיל לפחות 10 תווים'],
      ['רחוב', 'נא להזין רחוב'],
      ['מספר בית', 'נא להזין מספר בית'],
      ['עיר', 'נא להזין עיר'],
    ]
    for (const [label, message] of expected) {
      const field = await findField(label)
      expect(field).toHaveAttribute('aria-invalid', 'true')
      expect(field).toHaveAccessibleDescription(message)
    }
    expect(field(/מיקוד/)).toHaveAttribute('aria-invalid', 'false')
    for (const optional of ['כניסה', 'קומה', 'דירה']) {
      expect(field(new RegExp(`^${optional}\\s*\\(רשות\\)$`))).toHaveAttribute('aria-invalid', 'false')
    }
    expect(field(/הערות להזמנה/)).toHaveAttribute('aria-invalid', 'false')
    expect(field('שם פרטי')).toHaveFocus()
    expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(0)
  })

  it('rejects a phone under 10 characters and a malformed e-mail, focusing the first', async () => {
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await user.clear(field('דוא״ל'))
    await user.type(field('דוא״ל'), 'noa@')
    await user.clear(field('טלפון'))
    await user.type(field('טלפון'), '02-123456')
    await submit(user)
    expect(await screen.findByText('מספר הטלפון חייב להכיל לפחות 10 תווים')).toBeInTheDocument()
    expect(screen.getByText('נא להזין כתובת דוא״ל תקינה')).toBeInTheDocument()
    expect(field('דוא״ל')).toHaveFocus()
    expect(screen.queryByText('נא להזין שם פרטי')).not.toBeInTheDocument()
    expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(0)
  })

  it('takes a landline as typed while the owner asks for any phone (spec §5, decision 253)', async () => {
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await user.clear(field('טלפון'))
    await user.type(field('טלפון'), '02-1234567')
    await submit(user)
    await waitFor(() => expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(1))
    const [post] = api.callsTo('POST', '/api/orders/generate-sale')
    expect((post?.body as { customer: { phone: string } }).customer.phone).toBe('02-1234567')
  })

  it('asks for a mobile, and refuses a landline with its own message, when the owner says couriers text the customer', async () => {
    askForMobilePhone()
    const { user } = renderApp('/checkout')
    await waitFor(() => expect(field('טלפון נייד')).toBeInTheDocument())
    await fillValid(user)
    await user.clear(field('טלפון נייד'))
    await user.type(field('טלפון נייד'), '03-12345678')
    await submit(user)
    await waitFor(() =>
      expect(field('טלפון נייד')).toHaveAccessibleDescription(
        'נא להזין מספר נייד ישראלי תקין, למשל 050-1234567',
      ),
    )
    expect(field('טלפון נייד')).toHaveFocus()
    expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(0)
  })

  it('takes a +972 number and sends it as 05XXXXXXXX', async () => {
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await user.clear(field('טלפון'))
    await user.type(field('טלפון'), '+972 54-123 4567')
    await submit(user)
    await waitFor(() => expect(api.callsTo('POST', '/api/orders/generate-sale')).toHaveLength(1))
    const [post] = api.callsTo('POST', '/api/orders/generate-sale')
    expect((post?.body as { customer: { phone: string } }).customer.phone).toBe('0541234567')
  })

  it('keeps entrance, floor and apartment to ten characters, as the server does', async () => {
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await user.type(field(/^קומה/), 'קומה שלישית')
    expect(field(/^קומה/)).toHaveValue('קומה שלישי')
    for (const label of [/^כניסה/, /^קומה/, /^דירה/]) expect(field(label)).toHaveAttribute('maxlength', '10')
  })

  it('puts a server validation error back on its field', async () => {
    api.queue('POST /api/orders/generate-sale', () =>
      fail(400, 'VALIDATION_ERROR', [
        { field: 'body.customer.address.city', message: 'validation.cityRequired' },
      ]),
    )
    const { user } = renderApp('/checkout')
    await fillValid(user)
    await submit(user)
    await waitFor(() => expect(field('עיר')).toHaveAccessibleDescription('נא להזין עיר'))
    await waitFor(() => expect(field('עיר')).toHaveFocus())
  })
})
