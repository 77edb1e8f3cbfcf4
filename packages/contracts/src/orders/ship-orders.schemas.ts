import { z } from 'zod'
import { IdSchema } from '../common/ids.js'

/** Orders the packer marks as sent in one go (issue 21). */
export const ShipOrdersSchema = z.object({ ids: z.array(IdSchema).min(1).max(100) })
export type ShipOrders = z.infer<typeof ShipOrdersSchema>

export const ShipOrdersResultSchema = z.object({
  shipped: z.array(z.string()),
  /** Orders that were neither paid nor being prepared: left as they were. */
  skipped: z.array(
    z.object({ _id: z.string(), orderNumber: z.string().nullable(), status: z.string().nullable() }),
  ),
})
export type ShipOrdersResult = z.infer<typeof ShipOrdersResultSchema>
