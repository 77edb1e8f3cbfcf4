import { z } from 'zod'

/** A stock count as the admin types it: a whole number ≥ 0, or null for "not tracked". */
export const StockCountSchema = z
  .number({ error: 'validation.stockWhole' })
  .int({ error: 'validation.stockWhole' })
  .min(0, { error: 'validation.stockWhole' })
  .nullable()

/** Why a stock count changed (decision 221). */
export const STOCK_REASONS = ['order', 'released', 'restocked', 'admin', 'late_payment'] as const
export type StockReason = (typeof STOCK_REASONS)[number]

/** Which stock count: a product's size, or a package (size 'package'). */
export const StockItemQuerySchema = z.object({
  itemType: z.enum(['Product', 'Package']),
  itemId: z.uuid(),
  size: z.string().trim().min(1).max(200),
})
export type StockItemQuery = z.infer<typeof StockItemQuerySchema>

export const StockMovementSchema = z.object({
  delta: z.number().int(),
  stockAfter: z.number().int().nullable(),
  reason: z.enum(STOCK_REASONS),
  /** The order that took or gave back the units (its TV- number), or null. */
  orderNumber: z.string().nullable(),
  orderId: z.string().nullable(),
  /** The admin who set the count, or null for the system. */
  actor: z.string().nullable(),
  at: z.string(),
  /**
   * The units went to an order that is still waiting for payment: held, not sold, and back
   * on the shelf if the order is not paid within its page's time (decision 242).
   */
  awaitingPayment: z.boolean(),
})
export type StockMovement = z.infer<typeof StockMovementSchema>

/** One size or package at or under the low-stock threshold. */
export const LowStockItemSchema = z.object({
  itemType: z.enum(['Product', 'Package']),
  itemId: z.string(),
  name: z.string(),
  size: z.string(),
  /** Units on the shelf that a shopper can still buy. */
  stock: z.number().int(),
  /** Units held by orders waiting for payment (not sold yet; back on the shelf if unpaid). */
  held: z.number().int(),
})
export type LowStockItem = z.infer<typeof LowStockItemSchema>

export const LowStockSchema = z.object({
  threshold: z.number().int(),
  items: z.array(LowStockItemSchema),
})
export type LowStock = z.infer<typeof LowStockSchema>

export const DEFAULT_LOW_STOCK_THRESHOLD = 5

/** The owner's stock settings (a shop setting). */
export const StockSettingsSchema = z.object({
  lowStockThreshold: z
    .number({ error: 'validation.stockWhole' })
    .int({ error: 'validation.stockWhole' })
    .min(0, { error: 'validation.stockWhole' })
    .max(100_000),
  /**
   * E-mail the shop when an order takes a count from above the threshold to at or under it
   * (decision 229). Off by default; a body or a stored value without it means off.
   */
  lowStockEmail: z.boolean().default(false),
})
export type StockSettings = z.infer<typeof StockSettingsSchema>

/** A line checkout could not reserve: 409 OUT_OF_STOCK's details carry one per line. */
export const OutOfStockLineSchema = z.object({
  itemId: z.string(),
  itemType: z.enum(['Product', 'Package']),
  name: z.string(),
  size: z.string(),
  requested: z.number().int(),
  left: z.number().int(),
})
export type OutOfStockLine = z.infer<typeof OutOfStockLineSchema>
export const OutOfStockDetailsSchema = z.object({ items: z.array(OutOfStockLineSchema) })
export type OutOfStockDetails = z.infer<typeof OutOfStockDetailsSchema>
