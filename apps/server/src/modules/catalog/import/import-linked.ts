import {
  PackageInputSchema,
  RecipeInputSchema,
  type Package,
  type Product,
  type Recipe,
} from '@tavlin/contracts'
import type { CatalogRepository } from '../catalog.repository.js'
import { packageKind } from '../packages/packages.config.js'
import type { PackageFilter, PackageRecord, PackageWrite } from '../packages/packages.repository.js'
import type { ProductFilter, ProductRecord, ProductWrite } from '../products/products.repository.js'
import { recipeKind } from '../recipes/recipes.config.js'
import type { RecipeFilter, RecipeRecord, RecipeWrite } from '../recipes/recipes.repository.js'
import type { Draft } from './import-draft.js'
import type { PlannedItem } from './import-plan.js'
import { packageChanges, recipeChanges } from './linked-diff.js'
import { appliedIds, isUuid, planLinked, type LinkedItem } from './linked-plan.js'
import type { LinkedDraft } from './recipe-source.js'

/**
 * The file's recipes and packages planned after its products (decision 292). Their links are
 * checked by the kinds' own toWrite, against the shop as it will be once the file is applied:
 * a product or recipe of the same file counts as existing, and a product's sizes are the
 * file's. A link to a file's id that matched another entity (by SKU or name) follows it.
 */
export type ProductRows = CatalogRepository<ProductRecord, ProductFilter, ProductWrite>
export type RecipeRows = CatalogRepository<RecipeRecord, RecipeFilter, RecipeWrite>
export type PackageRows = CatalogRepository<PackageRecord, PackageFilter, PackageWrite>

export type LinkedPlan = {
  recipes: Array<LinkedItem<RecipeWrite>>
  packages: Array<LinkedItem<PackageWrite>>
}

export type LinkedSources = { recipes: LinkedDraft[]; packages: LinkedDraft[] }

export type PlannedProducts = {
  drafts: readonly Draft[]
  items: readonly PlannedItem[]
  existing: readonly Product[]
}

export type LinkedContext = {
  productRows: ProductRows
  recipeRows: RecipeRows
  existingRecipes(): Promise<Recipe[]>
  existingPackages(): Promise<Package[]>
  /** As for the products: an image address is checked now, fetched when applied. */
  checkImage?(url: string): Promise<void>
}

/** Of `ids`, those the file brings, then those the database has. */
async function existingAmong(
  ids: string[],
  fromFile: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  fromDatabase: (ids: string[]) => Promise<string[]>,
) {
  const stored = ids.filter((id) => !fromFile.has(id))
  return [...ids.filter((id) => fromFile.has(id)), ...(stored.length > 0 ? await fromDatabase(stored) : [])]
}

/** The products repository as the kinds' checks see it: the file's products with the file's sizes. */
function productsAsApplied(rows: ProductRows, planned: PlannedProducts): ProductRows {
  const sizes = new Map<string, string[]>()
  planned.drafts.forEach((draft, index) => {
    const item = planned.items[index]!
    const id = item.productId ?? (isUuid(draft.id) ? draft.id : undefined)
    if (id)
      sizes.set(
        id,
        item.write?.sizes.map((size) => size.sizeName) ?? draft.sizes.map((s) => s.sizeName.trim()),
      )
  })
  return {
    ...rows,
    findExistingIds: (ids) => existingAmong(ids, sizes, rows.findExistingIds),
    async findByIds(ids) {
      const stored = ids.filter((id) => !sizes.has(id))
      // packageKind's check reads a product's id and its sizes' names only.
      const fromFile = ids
        .filter((id) => sizes.has(id))
        .map(
          (id) =>
            ({ id, sizes: sizes.get(id)!.map((sizeName) => ({ sizeName })) }) as unknown as ProductRecord,
        )
      return [...fromFile, ...(stored.length > 0 ? await rows.findByIds(stored) : [])]
    },
  }
}

const relinked = (ids: ReadonlyMap<string, string>, id: unknown) =>
  typeof id === 'string' ? (ids.get(id) ?? id) : id

/** A product's name for the report: the file's, else the shop's, else its id. */
function productNames(planned: PlannedProducts) {
  const names = new Map(planned.existing.map((product) => [product._id, product.name]))
  planned.drafts.forEach((draft, index) => {
    const id = planned.items[index]!.productId ?? draft.id
    if (id) names.set(id, draft.name)
  })
  return (id: string) => names.get(id) ?? id
}

export async function planRecipesAndPackages(
  sources: LinkedSources,
  planned: PlannedProducts,
  context: LinkedContext,
): Promise<LinkedPlan> {
  if (sources.recipes.length === 0 && sources.packages.length === 0) return { recipes: [], packages: [] }
  const productIds = appliedIds(planned.drafts, planned.items)
  const products = productsAsApplied(context.productRows, planned)
  const names = productNames(planned)

  for (const draft of sources.recipes)
    for (const ingredient of draft.input.ingredients as Array<{ productId?: string }>)
      if (ingredient.productId) ingredient.productId = relinked(productIds, ingredient.productId) as string
  const recipes = await planLinked(sources.recipes, await context.existingRecipes(), {
    kind: 'recipe',
    schema: RecipeInputSchema,
    // Only toWrite is used here, and it checks links against every product, hidden or not.
    toWrite: (input) => recipeKind({ products, shopProducts: products }).toWrite(input),
    changesOf: recipeChanges(names),
    twice: 'import.recipeTwice',
    ...(context.checkImage && { checkImage: context.checkImage }),
  })

  const recipeIds = appliedIds(sources.recipes, recipes)
  const knownRecipes = new Set(recipeIds.values())
  const recipeRows: RecipeRows = {
    ...context.recipeRows,
    findExistingIds: (ids) => existingAmong(ids, knownRecipes, context.recipeRows.findExistingIds),
  }
  for (const draft of sources.packages) {
    if (draft.input.recipeId) draft.input.recipeId = relinked(recipeIds, draft.input.recipeId)
    for (const item of draft.input.items as Array<{ productId: string }>)
      item.productId = relinked(productIds, item.productId) as string
  }
  const packages = await planLinked(sources.packages, await context.existingPackages(), {
    kind: 'package',
    schema: PackageInputSchema,
    toWrite: (input) => packageKind({ products, shopProducts: products, recipes: recipeRows }).toWrite(input),
    changesOf: packageChanges(names),
    twice: 'import.packageTwice',
    ...(context.checkImage && { checkImage: context.checkImage }),
  })
  return { recipes, packages }
}
