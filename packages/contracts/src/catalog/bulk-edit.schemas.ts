import { z } from 'zod'
import { IdSchema } from '../common/ids.js'
import { hasAtMostTwoDecimals } from '../common/money.schemas.js'
import { SEARCH_MAX_LENGTH } from '../common/page-sizes.js'
import { PRODUCT_VISIBILITIES } from './product.schemas.js'
import { StockCountSchema } from './stock.schemas.js'
import { productCategoryNames, productSubCategoryNames } from './taxonomy.js'

/** The most products one bulk change may touch (a whole filter included). */
export const BULK_EDIT_MAX_PRODUCTS = 2000
/** A price change by percent stays within these bounds (−90 % … +500 %). */
export const BULK_PRICE_PERCENT_RANGE = { min: -90, max: 500 } as const
/** A price change by an amount, in shekels, either way. */
export const BULK_PRICE_AMOUNT_MAX = 10_000

/** Which products: those ticked, or every product the admin list's filter shows. */
export const BulkSelectionSchema = z.union([
  z.object({
    ids: z
      .array(IdSchema)
      .min(1, { error: 'validation.bulkEdit.nothingSelected' })
      .max(BULK_EDIT_MAX_PRODUCTS, { error: 'validation.bulkEdit.tooMany' }),
  }),
  z.object({
    filter: z.object({
      category: z.enum(productCategoryNames).optional(),
      subCategory: z.enum(productSubCategoryNames).optional(),
      filter: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
      visibility: z.enum(PRODUCT_VISIBILITIES).optional(),
    }),
  }),
])
export type BulkSelection = z.infer<typeof BulkSelectionSchema>

/**
 * How the new prices end: exactly to the agora, or at the nearest ₪x.90 (ties upwards).
 * Every size of each chosen product changes.
 */
export const BULK_PRICE_ROUNDINGS = ['agora', 'ninety'] as const
export type BulkPriceRounding = (typeof BULK_PRICE_ROUNDINGS)[number]

const PercentSchema = z
  .number({ error: 'validation.bulkEdit.percent' })
  .min(BULK_PRICE_PERCENT_RANGE.min, { error: 'validation.bulkEdit.percent' })
  .max(BULK_PRICE_PERCENT_RANGE.max, { error: 'validation.bulkEdit.percent' })
  .refine((value) => value !== 0, { error: 'validation.bulkEdit.percent' })
  .refine(hasAtMostTwoDecimals, { error: 'validation.tooManyDecimals' })

const AmountSchema = z
  .number({ error: 'validation.bulkEdit.amount' })
  .min(-BULK_PRICE_AMOUNT_MAX, { error: 'validation.bulkEdit.amount' })
  .max(BULK_PRICE_AMOUNT_MAX, { error: 'validation.bulkEdit.amount' })
  .refine((value) => value !== 0, { error: 'validation.bulkEdit.amount' })
  .refine(hasAtMostTwoDecimals, { error: 'validation.tooManyDecimals' })

export const BulkActionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('price'),
    /** Raise with a positive value, lower with a negative one. */
    change: z.discriminatedUnion('by', [
      z.object({ by: z.literal('percent'), value: PercentSchema }),
      z.object({ by: z.literal('amount'), value: AmountSchema }),
    ]),
    rounding: z.enum(BULK_PRICE_ROUNDINGS),
  }),
  /** Every size's count; null stops counting (any quantity can be ordered). */
  z.object({ kind: z.literal('stock'), stock: StockCountSchema }),
  z.object({
    kind: z.literal('category'),
    operation: z.enum(['add', 'remove']),
    category: z.enum(productCategoryNames, { error: 'validation.categoriesRequired' }),
  }),
  /** Hide from the shop or show again (decision 293). */
  z.object({ kind: z.literal('visibility'), isHidden: z.boolean() }),
])
export type BulkAction = z.infer<typeof BulkActionSchema>

export const BulkEditRequestSchema = z.object({
  selection: BulkSelectionSchema,
  action: BulkActionSchema,
})
export type BulkEditRequest = z.infer<typeof BulkEditRequestSchema>

/** A product's fields a bulk change can touch, before or after it. */
export const BulkProductStateSchema = z.object({
  sizes: z.array(z.object({ sizeName: z.string(), price: z.number(), stock: z.number().int().nullable() })),
  /** English category names; subcategories follow their category. */
  categories: z.array(z.string()),
  subCategories: z.array(z.string()),
  /** Absent in the changes kept before products could be hidden (migration 0030): left as it is. */
  isHidden: z.boolean().optional(),
})
export type BulkProductState = z.infer<typeof BulkProductStateSchema>

export const BulkProductChangeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  before: BulkProductStateSchema,
  after: BulkProductStateSchema,
})
export type BulkProductChange = z.infer<typeof BulkProductChangeSchema>

/** What a bulk change does (the preview) or did (applied: with the id its undo uses). */
export const BulkEditOutcomeSchema = z.object({
  /** The products the change alters, field by field. */
  changes: z.array(BulkProductChangeSchema),
  /** Chosen products the change leaves as they are (their category already there, say). */
  unchanged: z.number().int(),
  applied: z.boolean(),
  bulkChangeId: z.string().nullable(),
})
export type BulkEditOutcome = z.infer<typeof BulkEditOutcomeSchema>

/**
 * A product the change cannot apply to, in BULK_EDIT_REFUSED's details: its price would
 * not stay positive, or it would lose its only category.
 */
export const BulkRefusalSchema = z.object({
  _id: z.string(),
  name: z.string(),
  reason: z.enum(['pricePositive', 'lastCategory']),
})
export type BulkRefusal = z.infer<typeof BulkRefusalSchema>

/** The latest bulk change, which one undo can take back. */
export const LastBulkChangeSchema = z.object({
  _id: z.string(),
  at: z.string(),
  action: BulkActionSchema,
  count: z.number().int(),
  undone: z.boolean(),
})
export type LastBulkChange = z.infer<typeof LastBulkChangeSchema>

/** The undo: products put back, and those changed since, whose later values it kept. */
export const BulkUndoOutcomeSchema = z.object({
  restored: z.number().int(),
  keptChangedSince: z.array(z.object({ _id: z.string(), name: z.string() })),
})
export type BulkUndoOutcome = z.infer<typeof BulkUndoOutcomeSchema>
