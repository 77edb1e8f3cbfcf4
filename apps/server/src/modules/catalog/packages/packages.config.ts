import { toAgorot, type Package, type PackageInput, type PackageListQuery } from '@tavlin/contracts'
import { AppError, invalidField } from '../../../lib/errors.js'
import { constraintOf, isUniqueViolation, sqlStateOf } from '../../../lib/pg-errors.js'
import { searchTextOf } from '../../../lib/search-text.js'
import type { CatalogKind } from '../catalog.config.js'
import type { CatalogRepository } from '../catalog.repository.js'
import type { ProductFilter, ProductRecord, ProductWrite } from '../products/products.repository.js'
import type { RecipeFilter, RecipeRecord, RecipeWrite } from '../recipes/recipes.repository.js'
import { toPackage } from './packages.mapper.js'
import type { PackageFilter, PackageRecord, PackageWrite } from './packages.repository.js'

export type PackageKind = CatalogKind<
  Package,
  PackageInput,
  PackageListQuery,
  PackageRecord,
  PackageFilter,
  PackageWrite
>

type PackageLinks = {
  products: CatalogRepository<ProductRecord, ProductFilter, ProductWrite>
  /** The products the shop shows: a hidden content is named without a link (decision 293). */
  shopProducts: CatalogRepository<ProductRecord, ProductFilter, ProductWrite>
  recipes: CatalogRepository<RecipeRecord, RecipeFilter, RecipeWrite>
}

const namesOf = async (
  find: (ids: string[]) => Promise<Array<{ id: string; name: string }>>,
  ids: string[],
) => new Map(ids.length > 0 ? (await find([...new Set(ids)])).map((row) => [row.id, row.name]) : [])

/** Packages: one price, a linked recipe, and contents (a product in one of its sizes). */
export function packageKind({ products, shopProducts, recipes }: PackageLinks): PackageKind {
  return {
    entityType: 'package',
    label: 'Package',
    filterOf: async ({ subCategory }) => ({ subCategory }),
    /** Linked recipe names, content product names and which are shown: one look-up each for the whole page. */
    async toEntities(records) {
      const contentIds = [...new Set(records.flatMap((r) => r.items.map((item) => item.productId)))]
      const [recipeNames, productNames, shownIds] = await Promise.all([
        namesOf(
          recipes.findNamesByIds,
          records.flatMap((r) => (r.recipeId ? [r.recipeId] : [])),
        ),
        namesOf(products.findNamesByIds, contentIds),
        shopProducts.findExistingIds(contentIds),
      ])
      return records.map((record) => toPackage(record, recipeNames, productNames, new Set(shownIds)))
    },
    async toWrite(input) {
      if (input.recipeId && (await recipes.findExistingIds([input.recipeId])).length === 0) {
        throw invalidField('body.recipeId', 'validation.recipeNotFound')
      }
      const found = await products.findByIds([...new Set(input.items.map((item) => item.productId))])
      checkItems(input, new Map(found.map((row) => [row.id, row.sizes.map((size) => size.sizeName)])))
      return toWrite(input)
    },
    violationOf(error) {
      if (isUniqueViolation(error)) {
        return new AppError('CONFLICT', 'A package with this name already exists', [
          { field: 'body.name', message: 'validation.nameTaken' },
        ])
      }
      // The linked recipe or a content product was deleted between the checks above and the write.
      if (sqlStateOf(error) !== '23503') return undefined
      return constraintOf(error) === 'package_items_product_id_products_id_fk'
        ? invalidField('body.items', 'validation.productNotFound')
        : invalidField('body.recipeId', 'validation.recipeNotFound')
    },
  }
}

/** Each content line names a product and one of its sizes, and no product-size twice. */
function checkItems(input: PackageInput, sizeNamesById: ReadonlyMap<string, string[]>): void {
  const seen = new Set<string>()
  input.items.forEach((item, index) => {
    const sizeNames = sizeNamesById.get(item.productId)
    if (!sizeNames) throw invalidField(`body.items.${index}.productId`, 'validation.productNotFound')
    if (!sizeNames.includes(item.sizeName)) {
      throw invalidField(`body.items.${index}.sizeName`, 'validation.packageItemSizeNotFound')
    }
    // The same product twice is fine in two sizes; twice in one size is a mistake.
    const key = `${item.productId}\u0000${item.sizeName}`
    if (seen.has(key)) throw invalidField(`body.items.${index}.sizeName`, 'validation.packageItemDuplicate')
    seen.add(key)
  })
}

function toWrite(input: PackageInput): PackageWrite {
  return {
    name: input.name,
    description: input.description || null,
    image: input.image,
    priceAgorot: toAgorot(input.price),
    cookingTime: input.cookingTime,
    peoplesQuantity: input.peoplesQuantity,
    recipeId: input.recipeId ?? null,
    stock: input.stock ?? null,
    subCategories: [...new Set((input.subCategories ?? []).map((kind) => kind.nameInEnglish))],
    items: input.items.map(({ productId, sizeName, quantity }) => ({ productId, sizeName, quantity })),
    searchText: searchTextOf(input.name, input.description),
    searchName: searchTextOf(input.name),
  }
}
