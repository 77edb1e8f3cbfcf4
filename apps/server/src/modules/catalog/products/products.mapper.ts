import {
  foodFormOf,
  redWarnings,
  PRODUCT_CATEGORIES,
  PRODUCT_SUB_CATEGORIES,
  toShekels,
  type Category,
  type Product,
  type SubCategory,
} from '@tavlin/contracts'
import { toIso } from '../../../lib/iso-time.js'
import type { ProductRecord } from './products.repository.js'

const categoryByName = new Map<string, Category>(
  PRODUCT_CATEGORIES.map(({ nameInEnglish, nameInHebrew }) => [
    nameInEnglish,
    { nameInEnglish, nameInHebrew },
  ]),
)
const subCategoryByName = new Map<string, SubCategory>(
  PRODUCT_SUB_CATEGORIES.map(({ nameInEnglish, nameInHebrew, nameOfParentCategory }) => [
    nameInEnglish,
    { nameInEnglish, nameInHebrew, nameOfParentCategory },
  ]),
)

/** Rows keep only English category names; the Hebrew names come from the taxonomy. */
export function toProduct(record: ProductRecord): Product {
  return {
    _id: record.id,
    name: record.name,
    ...(record.nameInEnglish ? { nameInEnglish: record.nameInEnglish } : {}),
    shortDescription: record.shortDescription,
    image: record.image,
    pricing: record.sizes.map((size) => ({
      size: { sizeName: size.sizeName, sizeQuantity: size.sizeQuantity },
      price: toShekels(size.priceAgorot),
      stock: size.stock ?? null,
      sku: size.sku ?? null,
      barcode: size.barcode ?? null,
    })),
    categories: record.categories.flatMap((name) => categoryByName.get(name) ?? []),
    subCategories: record.subCategories.flatMap((name) => subCategoryByName.get(name) ?? []),
    features: { value: record.features },
    perishable: record.perishable,
    isHidden: record.isHidden,
    labelling: record.labelling,
    redWarnings: redWarnings(record.labelling.nutrition, foodFormOf(record.categories)),
    createdAt: toIso(record.createdAt),
    updatedAt: toIso(record.updatedAt),
  }
}
