import { z } from 'zod'
import { IdSchema } from '../common/ids.js'
import { ItemTypeSchema } from '../orders/order.schemas.js'

/**
 * Back-in-stock alerts per size (issue 36, decision 277): a shopper asks to hear when a
 * sold-out size (or package) is back. A service the shopper asked for, not marketing: the
 * address confirms it first (decision 237's links), then exactly one e-mail goes out when
 * the count is above 0 again, with a link to that product and size.
 */

/** At most this many sizes may wait for one mailbox at once (aliases together). */
export const MAX_STOCK_ALERTS_PER_MAILBOX = 30

/** POST /api/stock-alerts. `size` is the product's size name, or `package` for a package. */
export const StockAlertRequestSchema = z.object({
  itemType: ItemTypeSchema,
  itemId: IdSchema,
  size: z.string().trim().min(1).max(200),
  email: z
    .string({ error: 'validation.emailInvalid' })
    .trim()
    .pipe(z.email({ error: 'validation.emailInvalid' }).max(254, { error: 'validation.tooLong' })),
})
export type StockAlertRequest = z.infer<typeof StockAlertRequestSchema>

/** The same answer whether a mail went out or not (already waiting, the mailbox's daily share reached). */
export const StockAlertReceivedSchema = z.object({ received: z.literal(true) })

/** One size (or package) with people waiting for it: the stock panel's and the dashboard's rows. */
export const StockAlertCountSchema = z.object({
  itemType: ItemTypeSchema,
  itemId: z.string(),
  name: z.string(),
  size: z.string(),
  /** Units left now; null: not tracked. */
  stock: z.number().int().nullable(),
  /** Confirmed alerts not yet sent. */
  waiting: z.number().int(),
})
export type StockAlertCount = z.infer<typeof StockAlertCountSchema>

export const StockAlertCountsSchema = z.object({
  /** Every waiting alert, all sizes together. */
  total: z.number().int(),
  /** The most-awaited sizes first. */
  items: z.array(StockAlertCountSchema),
})
export type StockAlertCounts = z.infer<typeof StockAlertCountsSchema>

/** DELETE /api/admin/stock/alerts: the owner drops a size's waiting list (it will not come back). */
export const StockAlertKeySchema = z.object({
  itemType: ItemTypeSchema,
  itemId: IdSchema,
  size: z.string().trim().min(1).max(200),
})
export type StockAlertKey = z.infer<typeof StockAlertKeySchema>
