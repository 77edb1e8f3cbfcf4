import type { LowStock, OutOfStockLine, StockItemQuery, StockMovement, StockReason } from '@tavlin/contracts'
import type { Transaction } from '../../db/unit-of-work.js'
import { AppError } from '../../lib/errors.js'
import type { CatalogStockRepository, StockLine } from './catalog-stock.repository.js'

/** The order that moves the units, and why. */
export type OrderCause = { reason: StockReason; orderId: string; orderNumber: number; actor?: string | null }

/** An order's line as the stock sees it: which count, how many, and its name for the refusal. */
export type ReservedLine = StockLine & { name: string }

/**
 * A tracked count a reservation took units from: the count before and after. The UPDATE
 * that took them holds the row until the order commits, so `before` is exactly `after +
 * quantity` — no other order moved the count in between, on either engine.
 */
export type TakenCount = ReservedLine & { before: number; after: number }

/**
 * The counts a reservation took from above `threshold` to at or under it (decision 229):
 * one crossing per downward pass, however many orders take units from the count at once,
 * because each sees its own before and after.
 */
export function crossedThreshold(taken: TakenCount[], threshold: number): TakenCount[] {
  return taken.filter((count) => count.before > threshold && count.after <= threshold)
}

/**
 * Stock counts for the orders module and the admin (decision 221). Reserving and giving
 * back run in the caller's transaction, so the order and its units commit together.
 */
export interface CatalogStock {
  /**
   * Takes every line's units or none: each a conditional UPDATE; any line short throws
   * 409 OUT_OF_STOCK naming every short line and what is left (the caller's transaction rolls back).
   * Returns the tracked counts it took from, with their counts before and after.
   */
  reserve(tx: Transaction, lines: ReservedLine[], cause: OrderCause): Promise<TakenCount[]>
  /** Gives units back to tracked counts. */
  release(tx: Transaction, lines: StockLine[], cause: OrderCause): Promise<void>
  lowStock(threshold: number): Promise<LowStock>
  history(key: StockItemQuery): Promise<StockMovement[]>
}

/** One line per count, in one order for every request (no two checkouts wait on each other in a circle). */
export function mergeLines<T extends StockLine>(lines: T[]): T[] {
  const merged = new Map<string, T>()
  for (const line of lines) {
    const key = `${line.itemType}|${line.itemId}|${line.size}`
    const seen = merged.get(key)
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line })
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => line)
}

export function createCatalogStock(repository: CatalogStockRepository): CatalogStock {
  return {
    async reserve(tx, lines, cause) {
      const short: OutOfStockLine[] = []
      const counts: TakenCount[] = []
      for (const line of mergeLines(lines)) {
        const taken = await repository.take(tx, line, cause)
        if (!taken.ok) {
          const { itemId, itemType, name, size, quantity } = line
          short.push({ itemId, itemType, name, size, requested: quantity, left: taken.left })
        } else if (taken.after !== null) {
          counts.push({ ...line, before: taken.after + line.quantity, after: taken.after })
        }
      }
      if (short.length > 0)
        throw new AppError('OUT_OF_STOCK', 'Some items are out of stock', { items: short })
      return counts
    },

    async release(tx, lines, cause) {
      for (const line of mergeLines(lines)) await repository.giveBack(tx, line, cause)
    },

    async lowStock(threshold) {
      return { threshold, items: await repository.findLow(threshold) }
    },

    async history(key) {
      const rows = await repository.findMovements(key)
      return rows.map((row) => ({
        delta: row.delta,
        stockAfter: row.stockAfter,
        reason: row.reason,
        orderId: row.orderId,
        orderNumber: row.orderNumber === null ? null : `TV-${row.orderNumber}`,
        actor: row.actor,
        at: row.at.toISOString(),
        awaitingPayment: row.awaitingPayment,
      }))
    },
  }
}
