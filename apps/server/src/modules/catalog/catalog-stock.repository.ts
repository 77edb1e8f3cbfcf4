import { PACKAGE_SIZE, type StockReason } from '@tavlin/contracts'
import { and, asc, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import type { Executor } from '../../db/unit-of-work.js'
import {
  orderItems,
  orders,
  packages,
  productSizes,
  products,
  stockMovements,
} from '../../db/schema/index.js'

/** One stock count: a product's size, or a package (size 'package'). */
export type StockKey = { itemType: 'Product' | 'Package'; itemId: string; size: string }
export type StockLine = StockKey & { quantity: number }
export type MovementCause = {
  reason: StockReason
  orderId?: string | null
  orderNumber?: number | null
  actor?: string | null
}
export type MovementRow = typeof stockMovements.$inferSelect & { awaitingPayment: boolean }
export type LowStockRow = StockKey & { name: string; stock: number; held: number }

const keyOf = (key: StockKey) => `${key.itemType}|${key.itemId}|${key.size}`

/** An order that took units and is still waiting for payment: they are held, not sold (decision 242). */
const holdsUnits = and(eq(orders.status, 'pending_payment'), eq(orders.stockHeld, true))

async function record(
  executor: Executor,
  key: StockKey,
  delta: number,
  after: number | null,
  cause: MovementCause,
) {
  await executor.insert(stockMovements).values({
    ...key,
    delta,
    stockAfter: after,
    reason: cause.reason,
    orderId: cause.orderId ?? null,
    orderNumber: cause.orderNumber ?? null,
    actor: cause.actor ?? null,
  })
}

function whereSize(key: StockKey) {
  return and(eq(productSizes.productId, key.itemId), eq(productSizes.sizeName, key.size))
}

/** Moves a count by `delta` (only down to 0 when `guarded`); the count after, or undefined when nothing moved. */
async function move(executor: Executor, key: StockKey, delta: number, guarded: boolean) {
  if (key.itemType === 'Package') {
    const [row] = await executor
      .update(packages)
      .set({ stock: sql`${packages.stock} + ${delta}` })
      .where(
        and(eq(packages.id, key.itemId), guarded ? gte(packages.stock, -delta) : isNotNull(packages.stock)),
      )
      .returning({ stock: packages.stock })
    return row?.stock ?? undefined
  }
  const [row] = await executor
    .update(productSizes)
    .set({ stock: sql`${productSizes.stock} + ${delta}` })
    .where(and(whereSize(key), guarded ? gte(productSizes.stock, -delta) : isNotNull(productSizes.stock)))
    .returning({ stock: productSizes.stock })
  return row?.stock ?? undefined
}

/** The count now (null: not tracked; undefined: no such size or package). */
async function current(executor: Executor, key: StockKey): Promise<number | null | undefined> {
  if (key.itemType === 'Package') {
    const [row] = await executor
      .select({ stock: packages.stock })
      .from(packages)
      .where(eq(packages.id, key.itemId))
    return row ? row.stock : undefined
  }
  const [row] = await executor.select({ stock: productSizes.stock }).from(productSizes).where(whereSize(key))
  return row ? row.stock : undefined
}

/** Units held by orders waiting for payment, per count ("Product|id|size"). Few orders wait at once. */
async function findHeld(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({
      itemType: orderItems.itemType,
      itemId: orderItems.itemId,
      size: orderItems.size,
      held: sql<number>`sum(${orderItems.quantity})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(holdsUnits)
    .groupBy(orderItems.itemType, orderItems.itemId, orderItems.size)
  return new Map(rows.map((row) => [keyOf(row), Number(row.held)]))
}

/** Stock counts, their conditional moves and their history (decision 221). */
export function createCatalogStockRepository(db: Database) {
  return {
    /**
     * Takes `quantity` units only if that many are left (one conditional UPDATE, never
     * read-then-write): the count after it (null: untracked, nothing taken), or the count
     * left when it could not.
     */
    async take(
      executor: Executor,
      line: StockLine,
      cause: MovementCause,
    ): Promise<{ ok: true; after: number | null } | { ok: false; left: number }> {
      const after = await move(executor, line, -line.quantity, true)
      if (after !== undefined) {
        await record(executor, line, -line.quantity, after, cause)
        return { ok: true, after }
      }
      const left = await current(executor, line)
      return left === null || left === undefined ? { ok: true, after: null } : { ok: false, left }
    },

    /** Gives units back to a tracked count (an untracked one stays untracked). */
    async giveBack(executor: Executor, line: StockLine, cause: MovementCause): Promise<void> {
      const after = await move(executor, line, line.quantity, false)
      if (after !== undefined) await record(executor, line, line.quantity, after, cause)
    },

    /** Sets a count the admin typed, recording the difference; call in the write's transaction. */
    async set(
      executor: Executor,
      key: StockKey,
      stock: number | null,
      before: number | null,
      actor: string | null,
    ) {
      if (stock === before) return
      await record(executor, key, (stock ?? 0) - (before ?? 0), stock, { reason: 'admin', actor })
    },

    /** Every size and package whose tracked count is at or under `threshold`, the emptiest first. */
    async findLow(threshold: number): Promise<LowStockRow[]> {
      const sizes = await db
        .select({
          itemId: products.id,
          name: products.name,
          size: productSizes.sizeName,
          stock: productSizes.stock,
        })
        .from(productSizes)
        .innerJoin(products, eq(products.id, productSizes.productId))
        .where(lte(productSizes.stock, threshold))
      const boxes = await db
        .select({ itemId: packages.id, name: packages.name, stock: packages.stock })
        .from(packages)
        .where(lte(packages.stock, threshold))
      const held = await findHeld(db)
      const rows: LowStockRow[] = [
        ...sizes.map((row) => ({ ...row, itemType: 'Product' as const, stock: row.stock! })),
        ...boxes.map((row) => ({
          ...row,
          itemType: 'Package' as const,
          size: PACKAGE_SIZE,
          stock: row.stock!,
        })),
      ].map((row) => ({ ...row, held: held.get(keyOf(row)) ?? 0 }))
      return rows.sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name, 'he'))
    },

    /** The history of one count, newest first. */
    async findMovements(key: StockKey, limit = 200): Promise<MovementRow[]> {
      const rows = await db
        .select({ movement: stockMovements, waiting: orders.id })
        .from(stockMovements)
        .leftJoin(orders, and(eq(orders.id, stockMovements.orderId), holdsUnits))
        .where(
          and(
            eq(stockMovements.itemType, key.itemType),
            eq(stockMovements.itemId, key.itemId),
            eq(stockMovements.size, key.size),
          ),
        )
        .orderBy(desc(stockMovements.at), asc(stockMovements.id))
        .limit(limit)
      return rows.map(({ movement, waiting }) => ({
        ...movement,
        awaitingPayment: waiting !== null && movement.reason === 'order',
      }))
    },
  }
}
export type CatalogStockRepository = ReturnType<typeof createCatalogStockRepository>
