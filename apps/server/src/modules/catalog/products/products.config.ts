import {
  EMPTY_LABELLING,
  PRODUCT_SUB_CATEGORIES,
  toAgorot,
  type Product,
  type ProductInput,
  type AdminProductListQuery,
  type ProductVisibility,
} from '@tavlin/contracts'
import { AppError, invalidField } from '../../../lib/errors.js'
import { constraintOf, isUniqueViolation } from '../../../lib/pg-errors.js'
import { searchTextOf } from '../../../lib/search-text.js'
import type { CatalogKind } from '../catalog.config.js'
import { toProduct } from './products.mapper.js'
import type { ProductFilter, ProductRecord, ProductWrite } from './products.repository.js'

export type ProductKind = CatalogKind<
  Product,
  ProductInput,
  AdminProductListQuery,
  ProductRecord,
  ProductFilter,
  ProductWrite
>

const parentOf = new Map<string, string>(
  PRODUCT_SUB_CATEGORIES.map((sub) => [sub.nameInEnglish, sub.nameOfParentCategory]),
)

/** Products: categories with subcategories, and sizes each with its price. */
export const productKind: ProductKind = {
  entityType: 'product',
  label: 'Product',
  // Only the admin's list query has a visibility (the shop's schema drops it; its reads are scoped).
  filterOf: async ({ category, subCategory, visibility }) => ({
    category,
    subCategory,
    isHidden: visibilityOf(visibility),
  }),
  toEntities: async (records) => records.map(toProduct),
  toWrite: async (input) => toWrite(input),
  violationOf(error) {
    // Sizes are checked before writing; the unique keys left are the name and a size's SKU.
    if (!isUniqueViolation(error)) return undefined
    if (constraintOf(error) === 'product_sizes_sku_idx')
      return new AppError('CONFLICT', 'Another product already has this SKU', [
        { field: 'body.pricing', message: 'validation.skuTaken' },
      ])
    return new AppError('CONFLICT', 'A product with this name already exists', [
      { field: 'body.name', message: 'validation.nameTaken' },
    ])
  },
}

/** The admin list's visibility as the filter's flag; absent = every product. */
export function visibilityOf(visibility: ProductVisibility | undefined): boolean | undefined {
  return visibility === undefined ? undefined : visibility === 'hidden'
}

function toWrite(input: ProductInput): ProductWrite {
  const categories = [...new Set(input.categories.map((c) => c.nameInEnglish))]
  const subCategories: string[] = []
  input.subCategories.forEach((sub, index) => {
    const parent = parentOf.get(sub.nameInEnglish)
    // Spec §5: a subcategory can be chosen only while its parent category is.
    if (!parent || !categories.includes(parent as (typeof categories)[number])) {
      throw invalidField(`body.subCategories.${index}`, 'validation.subCategoryWithoutParent')
    }
    if (sub.nameOfParentCategory !== parent) {
      throw invalidField(`body.subCategories.${index}.nameOfParentCategory`, 'validation.wrongParentCategory')
    }
    if (!subCategories.includes(sub.nameInEnglish)) subCategories.push(sub.nameInEnglish)
  })
  checkSizes(input.pricing)
  return {
    name: input.name,
    nameInEnglish: input.nameInEnglish || null,
    shortDescription: input.shortDescription,
    image: input.image,
    categories,
    subCategories,
    features: input.features.value.map(({ title, description }) => ({ title, description })),
    perishable: input.perishable ?? false,
    isHidden: input.isHidden ?? false,
    labelling: input.labelling ?? EMPTY_LABELLING,
    searchText: searchTextOf(input.name, input.nameInEnglish, input.shortDescription),
    searchName: searchTextOf(input.name, input.nameInEnglish),
    sizes: input.pricing.map((option) => ({
      sizeName: option.size.sizeName,
      sizeQuantity: option.size.sizeQuantity,
      priceAgorot: toAgorot(option.price),
      stock: option.stock ?? null,
      sku: option.sku || null,
      barcode: option.barcode || null,
    })),
  }
}

/** Each size's name once, and each SKU once within the product (across products: the unique index). */
function checkSizes(pricing: ProductInput['pricing']): void {
  const seenSizes = new Set<string>()
  const seenSkus = new Set<string>()
  pricing.forEach((option, index) => {
    if (seenSizes.has(option.size.sizeName)) {
      throw invalidField(`body.pricing.${index}.size.sizeName`, 'validation.sizeNameDuplicate')
    }
    seenSizes.add(option.size.sizeName)
    if (!option.sku) return
    if (seenSkus.has(option.sku)) throw invalidField(`body.pricing.${index}.sku`, 'validation.skuDuplicate')
    seenSkus.add(option.sku)
  })
}
