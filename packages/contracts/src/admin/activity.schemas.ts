import { z } from 'zod'
import { PAGE_SIZES } from '../common/page-sizes.js'

/** One administrator change, as recorded by the server's audit log (issue 6). */
export const ActivityEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actorSubject: z.string(),
  actorEmail: z.string().nullable(),
  action: z.enum(['create', 'update', 'delete', 'status']),
  entityType: z.enum(['product', 'recipe', 'package', 'order']),
  entityId: z.string(),
  /** A short human-readable line, e.g. the product's name or "paid → preparing". */
  summary: z.string(),
})
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>

export const ActivityQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.admin),
  entityType: ActivityEntrySchema.shape.entityType.optional(),
  entityId: z.string().optional(),
})
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>
