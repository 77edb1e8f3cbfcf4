import { toShekels, type Package } from '@tavlin/contracts'
import { toIso } from '../../lib/iso-time.js'
import type { PackageRecord } from './packages.repository.js'

/** `recipeNames`: names of linked recipes by id (the popup links to /recipes/{name}). */
export function toPackage(record: PackageRecord, recipeNames: ReadonlyMap<string, string>): Package {
  const recipeName = record.recipeId ? recipeNames.get(record.recipeId) : undefined
  return {
    _id: record.id,
    name: record.name,
    ...(record.description ? { description: record.description } : {}),
    image: record.image,
    price: toShekels(record.priceAgorot),
    cookingTime: record.cookingTime,
    peoplesQuantity: record.peoplesQuantity,
    ingredientsQuantity: record.ingredientsQuantity,
    ...(record.recipeId ? { recipeId: record.recipeId } : {}),
    ...(recipeName ? { recipeName } : {}),
    createdAt: toIso(record.createdAt),
    updatedAt: toIso(record.updatedAt),
  }
}
