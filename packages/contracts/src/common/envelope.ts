import { z } from 'zod'
import { ERROR_CODES } from './error-codes.js'

/** Every successful response: `{ success: true, data, message? }` (DESIGN §4). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() })
}

export const ErrorDetailSchema = z.object({
  /** Dotted path of the offending field, e.g. `pricing.0.price` or `query.page`. */
  field: z.string(),
  /** A translation key or a short English description of the rule. */
  message: z.string(),
})
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.unknown().optional(),
})
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>

/** Paged lists: `data: { items, currentPage, totalPages, totalItems }`. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    currentPage: z.number().int().min(1),
    totalPages: z.number().int().min(0),
    totalItems: z.number().int().min(0),
  })
}

export type Paged<T> = {
  items: T[]
  currentPage: number
  totalPages: number
  totalItems: number
}
