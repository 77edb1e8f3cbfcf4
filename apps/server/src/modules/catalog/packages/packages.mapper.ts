import { PACKAGE_SUB_CATEGORIES, toShekels, type Package, type SubCategory } from '@tavlin/contracts'
import { toIso } from '../../../lib/iso-time.js'
import type { PackageRecord } from './packages.repository.js'

const kindByName = new Map<string, SubCategory>(
  PACKAGE_SUB_CATEGORIES.map(({ nameInEnglish, nameInHebrew, nameOfParentCategory }) => [
    nameInEnglish,
    { nameInEnglish, nameInHebrew, nameOfParentCategory },
  ]),
)

/**
 * `recipeNames`: names of linked recipes by id (the popup links to /recipes/{name});
 * `productNames`: names of the content products by id; `shownIds`: those the shop shows.
 */
export function toPackage(
  record: PackageRecord,
  recipeNames: ReadonlyMap<string, string>,
  productNames: ReadonlyMap<string, string>,
  shownIds: ReadonlySet<string>,
): Package {
  const recipeName = record.recipeId ? recipeNames.get(record.recipeId) : undefined
  return {
    _id: record.id,
    name: record.name,
    ...(record.description ? { description: record.description } : {}),
    image: record.image,
    price: toShekels(record.priceAgorot),
    cookingTime: record.cookingTime,
    peoplesQuantity: record.peoplesQuantity,
    ingredientsQuantity: record.items.length,
    items: record.items.map((item) => ({
      productId: item.productId,
      productName: productNames.get(item.productId) ?? '',
      sizeName: item.sizeName,
      quantity: item.quantity,
      ...(!shownIds.has(item.productId) && { isProductHidden: true }),
    })),
    ...(record.recipeId ? { recipeId: record.recipeId } : {}),
    ...(recipeName ? { recipeName } : {}),
    stock: record.stock,
    subCategories: record.subCategories.flatMap((name) => kindByName.get(name) ?? []),
    createdAt: toIso(record.createdAt),
    updatedAt: toIso(record.updatedAt),
  }
}
