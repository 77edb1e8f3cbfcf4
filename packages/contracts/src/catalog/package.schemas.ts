import { z } from 'zod'
import { ImageUrlSchema } from '../common/image-url.js'
import { shekelAmount } from '../common/money.schemas.js'
import { IdSchema } from '../common/ids.js'
import { PageQuerySchema } from '../common/pagination.js'
import { SEARCH_MAX_LENGTH } from '../common/page-sizes.js'
import { StockCountSchema } from './stock.schemas.js'
import { SubCategorySchema } from './product.schemas.js'
import { packageSubCategoryNames } from './taxonomy.js'

function positiveWhole(message: string) {
  return z.number({ error: message }).int({ error: message }).min(1, { error: message })
}

/** One line of a package's contents: a catalogue product, one of its sizes, how many. */
export const PackageItemInputSchema = z.object({
  // An id the form's product picker sets; empty means none was chosen.
  productId: z.uuid({ error: 'validation.packageItemProductRequired' }),
  sizeName: z.string().trim().min(1, { error: 'validation.packageItemSizeRequired' }),
  quantity: positiveWhole('validation.packageItemQuantityPositive'),
})
export type PackageItemInput = z.infer<typeof PackageItemInputSchema>

/** A kind of package (spec §3's subcategories of "packages"), as products carry theirs. */
export const PackageSubCategorySchema = SubCategorySchema.extend({
  nameInEnglish: z.enum(packageSubCategoryNames),
  nameOfParentCategory: z.literal('packages'),
})
export type PackageSubCategory = z.infer<typeof PackageSubCategorySchema>

/** What an administrator sends to create or replace a package (spec §5). */
export const PackageInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'validation.nameRequired' }),
  description: z.string().trim().max(1000).optional(),
  image: ImageUrlSchema,
  // Spec §5: a package costs at least 1 ₪ (its message is still "Price must be positive").
  price: shekelAmount('validation.pricePositive').min(1, { error: 'validation.pricePositive' }),
  cookingTime: positiveWhole('validation.cookingTimePositive'),
  peoplesQuantity: positiveWhole('validation.peoplesQuantityPositive'),
  /** The contents; the package's ingredients count is their number (decision 151). */
  items: z.array(PackageItemInputSchema).min(1, { error: 'validation.packageItemsRequired' }),
  /** The recipe this package is made for (the package popup links to it). */
  recipeId: IdSchema.optional(),
  /** Packages left; null or absent = not tracked (decision 221). */
  stock: StockCountSchema.optional(),
  /** Its kinds (injera, baking, desserts, stews); none is fine. */
  subCategories: z.array(PackageSubCategorySchema).optional(),
})
export type PackageInput = z.infer<typeof PackageInputSchema>

export const PackageItemSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  sizeName: z.string(),
  quantity: z.number(),
  /** Present (true) when the shop hides the product (decision 293): named, not linked. */
  isProductHidden: z.boolean().optional(),
})
export type PackageItem = z.infer<typeof PackageItemSchema>

export const PackageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  image: z.string(),
  price: z.number(),
  cookingTime: z.number(),
  peoplesQuantity: z.number(),
  /** The number of `items` (kept for the package cards and the admin table). */
  ingredientsQuantity: z.number(),
  items: z.array(PackageItemSchema),
  recipeId: z.string().optional(),
  recipeName: z.string().optional(),
  /** Packages left; null (or absent) = not tracked. */
  stock: z.number().int().nullable().optional(),
  /** Its kinds (spec §3's subcategories of "packages"). */
  subCategories: z.array(SubCategorySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Package = z.infer<typeof PackageSchema>

export const PackageListQuerySchema = PageQuerySchema.extend({
  filter: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  /** One kind of package (`/packages?subCategory=enjera`). */
  subCategory: z.enum(packageSubCategoryNames).optional(),
  exclude: IdSchema.optional(),
})
export type PackageListQuery = z.infer<typeof PackageListQuerySchema>
