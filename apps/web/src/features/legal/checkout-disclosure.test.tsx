import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, ok, shopDetails } from '../../testing/fake-api'
import { renderWithProviders } from '../../testing/render'
import { CheckoutDisclosure } from './checkout-disclosure'

afterEach(() => vi.restoreAllMocks())

describe('the disclosure before payment', () => {
  it('names the payment methods and installments the owner offers (issue 32)', async () => {
    fakeApi({
      'GET /api/shop/details': () => ok(shopDetails),
      'GET /api/shop/payment-options': () => ok({ methods: ['credit-card', 'bit'], maxInstallments: 3 }),
    })
    renderWithProviders(<CheckoutDisclosure />)
    expect(await screen.findByText(/אמצעי תשלום: כרטיס אשראי, Bit\./)).toBeInTheDocument()
    expect(screen.getByText(/בכרטיס אשראי אפשר לחלק לעד 3 תשלומים\./)).toBeInTheDocument()
  })

  it('says what the server wrote from the delivery methods, and no delivery text of its own (issue 35)', async () => {
    fakeApi({
      'GET /api/shop/details': () => ok(shopDetails),
      'GET /api/shop/payment-options': () => ok({ methods: ['credit-card'], maxInstallments: 1 }),
    })
    renderWithProviders(<CheckoutDisclosure />)
    const delivery = (await screen.findByText('משלוח', { selector: 'dt' })).nextElementSibling
    expect(delivery).toHaveTextContent(shopDetails.delivery, { normalizeWhitespace: false })
    expect(delivery?.textContent).toBe(shopDetails.delivery)
    // The seller's number, phone and e-mail isolated left to right, unbroken (issue 35).
    const seller = screen.getByText('המוכר', { selector: 'dt' }).nextElementSibling as HTMLElement
    for (const code of [shopDetails.businessNumber, shopDetails.phone, shopDetails.email]) {
      expect(within(seller).getByText(code)).toHaveAttribute('dir', 'ltr')
    }
  })

  it('says a single payment when the owner offers no installments', async () => {
    fakeApi({
      'GET /api/shop/details': () => ok(shopDetails),
      'GET /api/shop/payment-options': () => ok({ methods: ['credit-card'], maxInstallments: 1 }),
    })
    renderWithProviders(<CheckoutDisclosure />)
    expect(await screen.findByText(/אמצעי תשלום: כרטיס אשראי\./)).toBeInTheDocument()
    expect(screen.getByText(/ללא חלוקה לתשלומים/)).toBeInTheDocument()
  })
})
