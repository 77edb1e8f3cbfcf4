import { z } from 'zod'

/** Page sizes and limits of spec §9. */
export const PAGE_SIZES = {
  default: 12,
  shop: 9,
  packages: 9,
  recipes: 9,
  admin: 20,
  adminOrders: 10,
  related: 4,
  randomDesktop: 3,
  randomMobile: 1,
  max: 50,
} as const

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.default),
})
export type PageQuery = z.infer<typeof PageQuerySchema>

export function totalPages(totalItems: number, limit: number): number {
  return Math.ceil(totalItems / limit)
}
