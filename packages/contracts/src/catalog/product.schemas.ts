import { z } from 'zod'
import { ImageUrlSchema } from '../common/image-url.js'
import { shekelAmount } from '../common/money.schemas.js'
import { PageQuerySchema } from '../common/pagination.js'
import { SEARCH_MAX_LENGTH } from '../common/page-sizes.js'
import { IdSchema } from '../common/ids.js'
import { FoodLabellingSchema } from './food-labelling.js'
import { StockCountSchema } from './stock.schemas.js'
import { productCategoryNames, productSubCategoryNames } from './taxonomy.js'

export const CategorySchema = z.object({
  nameInEnglish: z.string().min(1),
  nameInHebrew: z.string().min(1),
})
export type Category = z.infer<typeof CategorySchema>

export const SubCategorySchema = CategorySchema.extend({
  nameOfParentCategory: z.string().min(1),
})
export type SubCategory = z.infer<typeof SubCategorySchema>

/** Letters, digits and . _ - / (what label printers and spreadsheets keep as is), up to 64. */
export const SKU_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._\-/]{0,63}$/u
export const SkuSchema = z
  .string()
  .trim()
  .refine((sku) => sku === '' || SKU_PATTERN.test(sku), { error: 'validation.skuInvalid' })
export const BarcodeSchema = z
  .string()
  .trim()
  .regex(/^(\d{8}|\d{12,14})?$/, { error: 'validation.barcodeInvalid' })

export const PricingOptionSchema = z.object({
  size: z.object({
    sizeName: z.string().trim().min(1, { error: 'validation.sizeNameRequired' }),
    sizeQuantity: z
      .number({ error: 'validation.sizeQuantityPositive' })
      .positive({ error: 'validation.sizeQuantityPositive' }),
  }),
  price: shekelAmount('validation.pricePositive'),
  /** Units left of this size; null or absent = not tracked (decision 221). */
  stock: StockCountSchema.optional(),
  /** The shop's own code of this size (מק"ט), unique across the catalogue; empty or absent = none. */
  sku: SkuSchema.nullable().optional(),
  /** The barcode printed on it (EAN-8, UPC-A, EAN-13 or GTIN-14); empty or absent = none. */
  barcode: BarcodeSchema.nullable().optional(),
})
export type PricingOption = z.infer<typeof PricingOptionSchema>

export const FeatureSchema = z.object({
  title: z.string().trim().min(1, { error: 'validation.titleRequired' }),
  description: z.string().trim().min(1, { error: 'validation.descriptionRequired' }),
})
export type Feature = z.infer<typeof FeatureSchema>

/** What an administrator sends to create or replace a product (spec §5). */
export const ProductInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'validation.nameRequired' }),
  /** Transliterated or English name, so a Latin search ("berbere") finds the product. */
  nameInEnglish: z.string().trim().max(200).optional(),
  shortDescription: z
    .string()
    .trim()
    .min(5, { error: 'validation.shortDescriptionMin' })
    .max(1000, { error: 'validation.shortDescriptionMax' }),
  image: ImageUrlSchema,
  pricing: z.array(PricingOptionSchema).min(1, { error: 'validation.pricingRequired' }),
  categories: z
    .array(CategorySchema.extend({ nameInEnglish: z.enum(productCategoryNames) }))
    .min(1, { error: 'validation.categoriesRequired' }),
  subCategories: z
    .array(SubCategorySchema.extend({ nameInEnglish: z.enum(productSubCategoryNames) }))
    .default([]),
  features: z.object({
    value: z.array(FeatureSchema).min(1, { error: 'validation.featuresRequired' }),
  }),
  /** טובין פסידים: cannot be cancelled once shipped (§14ג(ד)(1)). Off by default. */
  perishable: z.boolean().optional(),
  /** Food labelling (issue 18); absent means empty: no ingredients, allergens or table. */
  labelling: FoodLabellingSchema.optional(),
  /** Hidden from the shop (decision 293): kept, listed in the admin, sold nowhere. Off by default. */
  isHidden: z.boolean().optional(),
})
export type ProductInput = z.infer<typeof ProductInputSchema>

export const ProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  nameInEnglish: z.string().optional(),
  shortDescription: z.string(),
  image: z.string(),
  pricing: z.array(PricingOptionSchema),
  categories: z.array(CategorySchema),
  subCategories: z.array(SubCategorySchema),
  features: z.object({ value: z.array(FeatureSchema) }),
  perishable: z.boolean().optional(),
  labelling: FoodLabellingSchema,
  /** The red symbols, computed on read from the nutrition table; never typed by hand. */
  redWarnings: z.array(z.enum(['sodium', 'sugar', 'saturatedFat'])),
  /** Always false in the shop's reads, which leave hidden products out; the admin's reads show it. */
  isHidden: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Product = z.infer<typeof ProductSchema>

export const ProductListQuerySchema = PageQuerySchema.extend({
  category: z.enum(productCategoryNames).optional(),
  subCategory: z.enum(productSubCategoryNames).optional(),
  filter: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  exclude: IdSchema.optional(),
})
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>

/** Which products the admin list shows by their visibility in the shop; absent = all. */
export const PRODUCT_VISIBILITIES = ['visible', 'hidden'] as const
export type ProductVisibility = (typeof PRODUCT_VISIBILITIES)[number]

/** The admin's product list (GET /api/admin/products): the shop's filters, and hidden or visible. */
export const AdminProductListQuerySchema = ProductListQuerySchema.extend({
  visibility: z.enum(PRODUCT_VISIBILITIES).optional(),
})
export type AdminProductListQuery = z.infer<typeof AdminProductListQuerySchema>
