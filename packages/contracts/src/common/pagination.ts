import { z } from 'zod'
import { PAGE_SIZES } from './page-sizes.js'

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.default),
})
export type PageQuery = z.infer<typeof PageQuerySchema>
