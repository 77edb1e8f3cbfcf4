import { beforeEach, describe, expect, it, vi } from 'vitest'
import { selectItemCount, selectTotalItems, selectSubtotal, useCartStore, type CartLine } from './cart-store'

const cumin: CartLine = { itemId: 'p-1', itemType: 'Product', quantity: 1, size: '100g', price: 12.9 }
const berbere: CartLine = { itemId: 'p-2', itemType: 'Product', quantity: 2, size: '250g', price: 24.5 }
const injeraBox: CartLine = { itemId: 'k-1', itemType: 'Package', quantity: 1, size: 'package', price: 149 }

const cart = () => useCartStore.getState()

describe('cart store', () => {
  beforeEach(() => {
    useCartStore.setState({ lines: [] })
  })

  it('appends a new (itemId, size) line', () => {
    cart().add(cumin)
    cart().add(berbere)
    expect(cart().lines).toEqual([cumin, berbere])
  })

  it('raises the quantity when the same item and size is added again', () => {
    cart().add(cumin)
    cart().add({ ...cumin, quantity: 3 })
    expect(cart().lines).toEqual([{ ...cumin, quantity: 4 }])
  })

  it('keeps the same item in another size as its own line', () => {
    cart().add(cumin)
    cart().add({ ...cumin, size: '500g', price: 49 })
    expect(selectItemCount(cart())).toBe(2)
  })

  it('ignores an add with a quantity below 1', () => {
    cart().add({ ...cumin, quantity: 0 })
    expect(cart().lines).toEqual([])
  })

  it('sets a quantity, and removes the line at 0 or below', () => {
    cart().add(cumin)
    cart().add(berbere)
    cart().setQuantity('p-1', '100g', 5)
    expect(cart().lines[0]?.quantity).toBe(5)
    cart().setQuantity('p-1', '100g', 0)
    expect(cart().lines).toEqual([berbere])
    cart().setQuantity('p-2', '250g', -1)
    expect(cart().lines).toEqual([])
  })

  it('removes by itemId and size only', () => {
    cart().add(cumin)
    cart().add({ ...cumin, size: '500g' })
    cart().remove('p-1', '500g')
    expect(cart().lines).toEqual([cumin])
  })

  it('clears all lines', () => {
    cart().add(cumin)
    cart().add(injeraBox)
    cart().clear()
    expect(cart().lines).toEqual([])
  })

  it('totals items as the sum of quantities and lines as the item count', () => {
    cart().add(cumin)
    cart().add(berbere)
    cart().add(injeraBox)
    expect(selectTotalItems(cart())).toBe(4)
    expect(selectItemCount(cart())).toBe(3)
  })

  it('totals the price in whole agorot, without floating-point drift', () => {
    cart().add({ ...cumin, price: 0.1, quantity: 1 })
    cart().add({ ...berbere, price: 0.2, quantity: 1 })
    expect(selectSubtotal(cart())).toBe(0.3)
    cart().clear()
    cart().add({ ...cumin, price: 19.99, quantity: 3 })
    cart().add(injeraBox)
    expect(selectSubtotal(cart())).toBe(208.97)
  })

  it('takes new unit prices for the named lines only, keeping quantities', () => {
    cart().add(cumin)
    cart().add(berbere)
    cart().applyPrices([{ itemId: cumin.itemId, size: cumin.size, price: 21.5 }])
    expect(cart().lines).toEqual([{ ...cumin, price: 21.5 }, berbere])
  })

  it('persists the lines under cart-storage', () => {
    cart().add(berbere)
    const stored = JSON.parse(localStorage.getItem('cart-storage') ?? '{}')
    expect(stored.state).toEqual({ lines: [berbere] })
  })

  it('takes another tab’s cart as its own when that tab writes it', async () => {
    cart().add(cumin)
    // Another tab, which had the same cart, added berbere: its write reaches this tab as a storage event.
    const written = JSON.stringify({ state: { lines: [cumin, berbere] }, version: 0 })
    localStorage.setItem('cart-storage', written)
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart-storage', newValue: written }))
    await vi.waitFor(() => expect(cart().lines).toEqual([cumin, berbere]))
    // This tab's next add keeps the other tab's line rather than writing its older copy back.
    cart().add(injeraBox)
    expect(JSON.parse(localStorage.getItem('cart-storage')!).state.lines).toEqual([cumin, berbere, injeraBox])
  })
})
