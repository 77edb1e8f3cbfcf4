import fs from 'node:fs/promises'
import path from 'node:path'
import { count, sql } from 'drizzle-orm'
import type { AppConfig } from '../../config/env.js'
import { searchTextOf } from '../../lib/search-text.js'
import type { Database } from '../client.js'
import {
  packageItems,
  packages,
  productSizes,
  products,
  recipeIngredients,
  recipeInstructions,
  recipes,
} from '../schema/index.js'
import { entitySvg, sceneSvg } from './artwork.js'
import { seedLabellingOf } from './catalogue-labelling.js'
import { PACKAGES, PRODUCTS, RECIPES, SITE_IMAGES, productSlug } from './catalogue-data.js'
import { insertDemoOrders } from './demo-orders.js'
import { imageFiles, imageUrl, renderImages, type ImageJob } from './images.js'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

export type SeedResult = {
  products: number
  recipes: number
  packages: number
  images: number
  /** Past demo orders written for the dashboard; 0 when the shop already had orders. */
  orders: number
  milliseconds: number
}

// Any fixed number works; it only has to differ from other advisory locks we take.
const SEED_LOCK_KEY = 734_501_001

export function uploadsDirOf(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads')
}

/**
 * Loads the demo catalogue into an empty database. Two processes starting at once
 * (several server replicas on a fresh database) queue on an advisory lock held by
 * the transaction; the second finds the products and does nothing.
 * Returns null when there was nothing to do.
 */
export async function seedIfEmpty(db: Database, config: AppConfig): Promise<SeedResult | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    const [row] = await tx.select({ total: count() }).from(products)
    if ((row?.total ?? 0) > 0) return null
    return loadCatalogue(tx, uploadsDirOf(config), config.vatRate)
  })
}

/** `npm run seed -- --reset`: removes the catalogue and its generated images, then loads it again. */
export async function reseed(db: Database, config: AppConfig): Promise<SeedResult> {
  const uploadsDir = uploadsDirOf(config)
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    // Ingredients, instructions and sizes go with their parents (on delete cascade).
    await tx.delete(packages)
    await tx.delete(recipes)
    await tx.delete(products)
    await Promise.all(
      imageJobs()
        .flatMap((job) => imageFiles(uploadsDir, job))
        .map((file) => fs.rm(file, { force: true })),
    )
    return loadCatalogue(tx, uploadsDir, config.vatRate)
  })
}

function imageJobs(): ImageJob[] {
  return [
    ...PRODUCTS.map((p) => ({
      folder: 'products' as const,
      base: productSlug(p),
      svg: entitySvg(p.nameInEnglish, p.art),
    })),
    ...RECIPES.map((r) => ({ folder: 'recipes' as const, base: r.slug, svg: entitySvg(r.slug, r.art) })),
    ...PACKAGES.map((p) => ({ folder: 'packages' as const, base: p.slug, svg: entitySvg(p.slug, p.art) })),
    ...SITE_IMAGES.map((s) => ({
      folder: 'site' as const,
      base: s.name,
      svg: sceneSvg(s.name, s.scene, s.palette),
    })),
  ]
}

async function loadCatalogue(tx: Transaction, uploadsDir: string, vatRate: number): Promise<SeedResult> {
  const started = performance.now()
  const jobs = imageJobs()
  await renderImages(uploadsDir, jobs)

  // Distinct creation times, so "newest first" lists have a stable order: the first entry is the newest.
  const now = Date.now()
  const createdAt = (index: number) => new Date(now - index * 60_000)

  const productIdByName = await insertProducts(tx, createdAt)
  const recipeIdByName = await insertRecipes(tx, createdAt, productIdByName)
  await insertPackages(tx, createdAt, productIdByName, recipeIdByName)
  const orderCount = await insertDemoOrders(tx, productIdByName, vatRate, now)

  return {
    products: PRODUCTS.length,
    recipes: RECIPES.length,
    packages: PACKAGES.length,
    images: jobs.length,
    orders: orderCount,
    milliseconds: Math.round(performance.now() - started),
  }
}

type CreatedAt = (index: number) => Date
type IdByName = Map<string, string>

async function insertProducts(tx: Transaction, createdAt: CreatedAt): Promise<IdByName> {
  const productRows = await tx
    .insert(products)
    .values(
      PRODUCTS.map((p, i) => ({
        name: p.name,
        nameInEnglish: p.nameInEnglish,
        shortDescription: p.shortDescription,
        image: imageUrl('products', productSlug(p)),
        categories: p.categories,
        subCategories: p.subCategories,
        features: p.features,
        labelling: seedLabellingOf(p.name),
        searchText: searchTextOf(p.name, p.nameInEnglish, p.shortDescription),
        searchName: searchTextOf(p.name, p.nameInEnglish),
        createdAt: createdAt(i),
        updatedAt: createdAt(i),
      })),
    )
    .returning({ id: products.id, name: products.name })
  const productIdByName = new Map(productRows.map((row) => [row.name, row.id]))

  await tx
    .insert(productSizes)
    .values(
      PRODUCTS.flatMap((p) =>
        p.sizes.map((size, position) => ({ productId: productIdByName.get(p.name)!, position, ...size })),
      ),
    )
  return productIdByName
}

/** Recipes with their ingredients (linked to demo products by name) and steps. */
async function insertRecipes(
  tx: Transaction,
  createdAt: CreatedAt,
  productIdByName: IdByName,
): Promise<IdByName> {
  const recipeRows = await tx
    .insert(recipes)
    .values(
      RECIPES.map((r, i) => ({
        name: r.name,
        description: r.description,
        image: imageUrl('recipes', r.slug),
        difficulty: r.difficulty,
        prepTime: r.prepTime,
        servings: r.servings,
        categories: r.categories,
        searchText: searchTextOf(r.name, r.description),
        searchName: searchTextOf(r.name),
        createdAt: createdAt(i),
        updatedAt: createdAt(i),
      })),
    )
    .returning({ id: recipes.id, name: recipes.name })
  const recipeIdByName = new Map(recipeRows.map((row) => [row.name, row.id]))

  await tx.insert(recipeIngredients).values(
    RECIPES.flatMap((r) =>
      r.ingredients.map((ingredient, position) => {
        const productId = productIdByName.get(ingredient.name)
        if (ingredient.isShopProduct && !productId) {
          throw new Error(`Demo recipe "${r.name}" names "${ingredient.name}", which is not a demo product`)
        }
        return {
          recipeId: recipeIdByName.get(r.name)!,
          position,
          name: ingredient.name,
          quantity: ingredient.quantity,
          productId: ingredient.isShopProduct ? productId : null,
        }
      }),
    ),
  )
  await tx.insert(recipeInstructions).values(
    RECIPES.flatMap((r) =>
      r.instructions.map((description, index) => ({
        recipeId: recipeIdByName.get(r.name)!,
        step: index + 1,
        description,
      })),
    ),
  )
  return recipeIdByName
}

/** Packages, each for a demo recipe, holding demo product sizes. */
async function insertPackages(
  tx: Transaction,
  createdAt: CreatedAt,
  productIdByName: IdByName,
  recipeIdByName: IdByName,
): Promise<void> {
  const packageRows = await tx
    .insert(packages)
    .values(
      PACKAGES.map((p, i) => {
        const recipeId = recipeIdByName.get(p.recipeName)
        if (!recipeId)
          throw new Error(
            `Demo package "${p.name}" names recipe "${p.recipeName}", which is not a demo recipe`,
          )
        return {
          name: p.name,
          description: p.description,
          image: imageUrl('packages', p.slug),
          priceAgorot: p.priceAgorot,
          cookingTime: p.cookingTime,
          peoplesQuantity: p.peoplesQuantity,
          recipeId,
          subCategories: p.kinds,
          searchText: searchTextOf(p.name, p.description),
          searchName: searchTextOf(p.name),
          createdAt: createdAt(i),
          updatedAt: createdAt(i),
        }
      }),
    )
    .returning({ id: packages.id, name: packages.name })
  const packageIdByName = new Map(packageRows.map((row) => [row.name, row.id]))

  await tx.insert(packageItems).values(
    PACKAGES.flatMap((p) =>
      p.items.map((item, position) => {
        const product = PRODUCTS.find((candidate) => candidate.name === item.product)
        if (!product?.sizes.some((size) => size.sizeName === item.size)) {
          throw new Error(
            `Demo package "${p.name}" holds "${item.product}" in "${item.size}", which is not a demo product size`,
          )
        }
        return {
          packageId: packageIdByName.get(p.name)!,
          position,
          productId: productIdByName.get(item.product)!,
          sizeName: item.size,
          quantity: item.quantity,
        }
      }),
    ),
  )
}
