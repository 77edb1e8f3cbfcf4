import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../testing/render'
import { CardSummary } from './card-summary'

function line(props: Parameters<typeof CardSummary>[0]) {
  const { container } = renderWithProviders(
    <p>
      <CardSummary {...props} />
    </p>,
  )
  return container.querySelector('p')!
}

describe('card line (decision 100)', () => {
  it("names PayPlus's brand ids properly when the provider gives no name", () => {
    expect(line({ brandId: 1, brandName: '', fourDigits: '9844' })).toHaveTextContent(
      'Mastercard המסתיים ב־9844',
    )
  })

  it("shows id 8 as PayPlus's Maestro, not the spec's Visa", () => {
    expect(line({ brandId: 8, brandName: '', fourDigits: '1111' })).toHaveTextContent(
      'Maestro המסתיים ב־1111',
    )
  })

  it("prefers the provider's name for the card, in its proper form", () => {
    expect(line({ brandId: 2, brandName: 'isracard', fourDigits: '1234' })).toHaveTextContent(
      'ישראכרט המסתיים ב־1234',
    )
    expect(line({ brandId: null, brandName: 'amex', fourDigits: '0005' })).toHaveTextContent(
      'American Express המסתיים ב־0005',
    )
  })

  it("falls back to the provider's own name, then to no brand at all", () => {
    expect(line({ brandId: 42, brandName: 'UnionPay', fourDigits: '0001' })).toHaveTextContent(
      'UnionPay המסתיים ב־0001',
    )
    expect(line({ brandId: null, brandName: '', fourDigits: '0002' })).toHaveTextContent(
      'כרטיס המסתיים ב־0002',
    )
    expect(screen.getByText('0002')).toHaveAttribute('dir', 'ltr')
  })
})
