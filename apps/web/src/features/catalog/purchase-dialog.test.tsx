import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { useCartStore } from '../../stores/cart-store'
import { makeProduct } from '../../testing/catalog-data'
import { renderWithProviders } from '../../testing/render'
import { PurchaseDialog } from './purchase-dialog'

beforeEach(() => useCartStore.setState({ lines: [] }))

async function openDialog() {
  const product = makeProduct()
  const result = renderWithProviders(<PurchaseDialog product={product} />)
  await result.user.click(screen.getByRole('button', { name: 'לקנייה' }))
  const dialog = await screen.findByRole('dialog', { name: 'הוספה לסל: ברברה' })
  return { ...result, product, dialog }
}

describe('purchase popup', () => {
  it('starts at the first size and quantity 1; the chosen size sets the price', async () => {
    const { user, dialog } = await openDialog()
    const total = within(dialog).getByRole('status', { name: 'סה״כ' })
    expect(within(dialog).getByRole('radio', { name: /100 גרם/ })).toBeChecked()
    expect(within(dialog).getByLabelText('כמות')).toHaveValue(1)
    expect(total).toHaveTextContent('16.90 ₪')

    await user.click(within(dialog).getByRole('radio', { name: /250 גרם/ }))
    expect(total).toHaveTextContent('34.50 ₪')
  })

  it('keeps the quantity at least 1', async () => {
    const { user, dialog } = await openDialog()
    const quantity = within(dialog).getByLabelText('כמות')
    expect(within(dialog).getByRole('button', { name: 'הפחתת כמות' })).toBeDisabled()

    fireEvent.change(quantity, { target: { value: '0' } })
    expect(quantity).toHaveValue(1)
    fireEvent.change(quantity, { target: { value: '-4' } })
    expect(quantity).toHaveValue(1)

    await user.click(within(dialog).getByRole('button', { name: 'הוספת כמות' }))
    await user.click(within(dialog).getByRole('button', { name: 'הוספת כמות' }))
    expect(quantity).toHaveValue(3)
    await user.click(within(dialog).getByRole('button', { name: 'הפחתת כמות' }))
    expect(quantity).toHaveValue(2)
    expect(within(dialog).getByRole('status', { name: 'סה״כ' })).toHaveTextContent('33.80 ₪')
  })

  it('takes no more than a size has left, and says nothing more can be added (issue 35)', async () => {
    const product = makeProduct()
    const counted = {
      ...product,
      pricing: product.pricing.map((option, index) => ({ ...option, stock: index === 0 ? 3 : null })),
    }
    const { user } = renderWithProviders(<PurchaseDialog product={counted} />)
    await user.click(screen.getByRole('button', { name: 'לקנייה' }))
    const dialog = await screen.findByRole('dialog', { name: 'הוספה לסל: ברברה' })
    const quantity = within(dialog).getByLabelText('כמות')
    const more = within(dialog).getByRole('button', { name: 'הוספת כמות' })
    for (let i = 0; i < 4; i++) if (!(more as HTMLButtonElement).disabled) await user.click(more)
    expect(quantity).toHaveValue(3)
    expect(more).toBeDisabled()
    fireEvent.change(quantity, { target: { value: '5' } })
    expect(quantity).toHaveValue(3)
    await user.click(within(dialog).getByRole('button', { name: 'הוספה לסל' }))
    expect(useCartStore.getState().lines[0]?.quantity).toBe(3)
  })

  it("adds the chosen size and quantity to the cart at that size's unit price, and closes", async () => {
    const { user, dialog, product } = await openDialog()
    await user.click(within(dialog).getByRole('radio', { name: /250 גרם/ }))
    await user.click(within(dialog).getByRole('button', { name: 'הוספת כמות' }))
    await user.click(within(dialog).getByRole('button', { name: 'הוספה לסל' }))

    expect(useCartStore.getState().lines).toEqual([
      { itemId: product._id, itemType: 'Product', size: '250 גרם', price: 34.5, quantity: 2 },
    ])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('opens again at the first size and quantity 1 after it was closed', async () => {
    const { user, dialog } = await openDialog()
    await user.click(within(dialog).getByRole('radio', { name: /250 גרם/ }))
    await user.click(within(dialog).getByRole('button', { name: 'הוספת כמות' }))
    await user.click(within(dialog).getByRole('button', { name: 'סגירה' }))

    await user.click(screen.getByRole('button', { name: 'לקנייה' }))
    const again = await screen.findByRole('dialog', { name: 'הוספה לסל: ברברה' })
    expect(within(again).getByRole('radio', { name: /100 גרם/ })).toBeChecked()
    expect(within(again).getByLabelText('כמות')).toHaveValue(1)
  })
})
