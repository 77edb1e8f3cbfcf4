import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, fakeApi, ok } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { PaymentOptionsForm } from './payment-options-form'

afterEach(() => vi.restoreAllMocks())

describe("the owner's payment methods and installments", () => {
  it('saves the methods ticked and the most installments chosen', async () => {
    const api = fakeApi({
      'GET /api/admin/shop/payment-options': () => ok({ methods: ['credit-card'], maxInstallments: 1 }),
      'PUT /api/admin/shop/payment-options': (call) => ok(call.body),
    })
    renderWithProviders(<PaymentOptionsForm />)
    const card = await screen.findByRole('checkbox', { name: 'כרטיס אשראי' })
    expect(card).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Bit' })).not.toBeChecked()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bit' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Apple Pay' }))
    await userEvent.selectOptions(screen.getByLabelText('מספר תשלומים מרבי בכרטיס אשראי'), 'עד 3 תשלומים')
    await userEvent.click(screen.getByRole('button', { name: 'שמירת אמצעי התשלום' }))
    await waitFor(() => expect(api.callsTo('PUT /api/admin/shop/payment-options')).toHaveLength(1))
    expect(api.callsTo('PUT /api/admin/shop/payment-options')[0]!.body).toEqual({
      methods: ['credit-card', 'bit', 'apple-pay'],
      maxInstallments: 3,
    })
  })

  it('refuses to save with no method at all, in Hebrew', async () => {
    const api = fakeApi({
      'GET /api/admin/shop/payment-options': () => ok({ methods: ['credit-card'], maxInstallments: 1 }),
      'PUT /api/admin/shop/payment-options': () => fail(400, 'VALIDATION_ERROR', 'invalid'),
    })
    renderWithProviders(<PaymentOptionsForm />)
    await userEvent.click(await screen.findByRole('checkbox', { name: 'כרטיס אשראי' }))
    await userEvent.click(screen.getByRole('button', { name: 'שמירת אמצעי התשלום' }))
    expect(await screen.findByText('יש לבחור לפחות אמצעי תשלום אחד')).toBeInTheDocument()
    expect(api.callsTo('PUT /api/admin/shop/payment-options')).toHaveLength(0)
  })
})
