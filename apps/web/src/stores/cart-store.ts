import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { lineTotalAgorot, priceLines, toAgorot, toShekels, type PricedLine } from '@tavlin/contracts'

export type CartItemType = 'Product' | 'Package'

/** One cart line; (itemId, size) is its identity. `price` is per unit, in shekels. */
export type CartLine = {
  itemId: string
  itemType: CartItemType
  quantity: number
  size: string
  price: number
}

type CartState = {
  lines: CartLine[]
  add: (line: CartLine) => void
  setQuantity: (itemId: string, size: string, quantity: number) => void
  remove: (itemId: string, size: string) => void
  clear: () => void
  /** Takes the server's current unit prices (409 PRICE_CHANGED); lines not named keep theirs. */
  applyPrices: (prices: ReadonlyArray<Pick<CartLine, 'itemId' | 'size' | 'price'>>) => void
}

const CART_STORAGE_KEY = 'cart-storage'

const isSameLine = (line: CartLine, itemId: string, size: string) =>
  line.itemId === itemId && line.size === size

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      lines: [],
      add: (incoming) =>
        set(({ lines }) => {
          if (!(incoming.quantity > 0)) return { lines }
          const existing = lines.find((line) => isSameLine(line, incoming.itemId, incoming.size))
          if (!existing) return { lines: [...lines, incoming] }
          // The newest price wins: the server reprices at checkout anyway (PRICE_CHANGED).
          return {
            lines: lines.map((line) =>
              line === existing
                ? { ...line, quantity: line.quantity + incoming.quantity, price: incoming.price }
                : line,
            ),
          }
        }),
      setQuantity: (itemId, size, quantity) =>
        set(({ lines }) => ({
          lines:
            quantity > 0
              ? lines.map((line) => (isSameLine(line, itemId, size) ? { ...line, quantity } : line))
              : lines.filter((line) => !isSameLine(line, itemId, size)),
        })),
      remove: (itemId, size) =>
        set(({ lines }) => ({ lines: lines.filter((line) => !isSameLine(line, itemId, size)) })),
      clear: () => set({ lines: [] }),
      applyPrices: (prices) =>
        set(({ lines }) => ({
          lines: lines.map((line) => {
            const current = prices.find((entry) => isSameLine(line, entry.itemId, entry.size))
            return current ? { ...line, price: current.price } : line
          }),
        })),
    }),
    {
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ lines }) => ({ lines }),
    },
  ),
)

// One cart across tabs: another tab's write (an item added, the cart emptied after a paid
// order) is read at once, so this tab never writes its older copy back over it (issue 35).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) void useCartStore.persist.rehydrate()
  })
}

type CartSnapshot = Pick<CartState, 'lines'>

export const selectTotalItems = ({ lines }: CartSnapshot) =>
  lines.reduce((sum, line) => sum + line.quantity, 0)

/** A cart line in the money module's terms: the cart keeps shekels, the arithmetic whole agorot. */
export const toPricedLine = (line: Pick<CartLine, 'price' | 'quantity'>): PricedLine => ({
  unitPriceAgorot: toAgorot(line.price),
  quantity: line.quantity,
})

/** One line's total (unit price × quantity), from the money module. */
export const lineTotal = (line: Pick<CartLine, 'price' | 'quantity'>) =>
  toShekels(lineTotalAgorot(toPricedLine(line)))

/** The items' sum without shipping (the drawer's "סכום ביניים"), in whole agorot so 0.1 + 0.2 stays 0.30 ₪. */
export const selectSubtotal = ({ lines }: CartSnapshot) =>
  toShekels(priceLines(lines.map(toPricedLine)).subtotalAgorot)

export const selectItemCount = ({ lines }: CartSnapshot) => lines.length
