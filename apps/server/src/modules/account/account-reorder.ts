import { toShekels, type AccountOrder, type Reorder } from '@tavlin/contracts'
import type { CatalogPrices, PriceFound, PriceMissing } from '../catalog/index.js'

type OldLine = {
  itemId: string
  itemType: AccountOrder['orderItems'][number]['itemType']
  size: string
  name: string
  quantity: number
  /** The unit price on the old order, in shekels. */
  price: number
}

/**
 * An old order's lines for the cart again (issue 22): today's prices and names from the
 * catalogue's price look-up, the one checkout uses, so the cart and checkout agree. A line
 * is capped at the units left (stock null: not tracked); a deleted product or package, a
 * size that no longer exists and a sold-out line are left out with the reason.
 */
export async function reorderLines(prices: CatalogPrices, order: AccountOrder): Promise<Reorder> {
  const lines = mergeLines(order)
  const found = await prices.findPrices(
    lines.map(({ itemId, itemType, size }) => ({ itemId, itemType, size })),
  )
  const result: Reorder = { lines: [], skipped: [] }
  lines.forEach((line, index) => {
    const price = found[index]!
    const key = { itemId: line.itemId, itemType: line.itemType, size: line.size }
    const reason = skipReason(price)
    if (reason || 'missing' in price) {
      const name = 'missing' in price ? line.name : price.name
      result.skipped.push({ ...key, name, reason: reason ?? 'gone' })
      return
    }
    const today = toShekels(price.unitPriceAgorot)
    result.lines.push({
      ...key,
      name: price.name,
      quantity: price.stock === null ? line.quantity : Math.min(line.quantity, price.stock),
      price: today,
      previousPrice: today === line.price ? null : line.price,
    })
  })
  return result
}

function skipReason(price: PriceFound | PriceMissing): Reorder['skipped'][number]['reason'] | null {
  if ('missing' in price) return price.missing === 'item' ? 'gone' : 'size_gone'
  return price.stock !== null && price.stock <= 0 ? 'sold_out' : null
}

/** One line per product and size, as the cart holds them, in the order's order. */
function mergeLines(order: AccountOrder): OldLine[] {
  const merged = new Map<string, OldLine>()
  for (const line of order.orderItems) {
    const key = `${line.itemType}|${line.itemId}|${line.size}`
    const seen = merged.get(key)
    if (seen) seen.quantity += line.quantity
    else
      merged.set(key, {
        itemId: line.itemId,
        itemType: line.itemType,
        size: line.size,
        name: line.item.name,
        quantity: line.quantity,
        price: line.price,
      })
  }
  return [...merged.values()]
}
