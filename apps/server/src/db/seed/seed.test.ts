import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  IMAGE_WIDTHS,
  PRODUCT_CATEGORIES,
  PRODUCT_SUB_CATEGORIES,
  PACKAGE_SUB_CATEGORIES,
  PackageInputSchema,
  ProductInputSchema,
  RECIPE_CATEGORIES,
  RecipeInputSchema,
  imageSrcSet,
  toShekels,
} from '@tavlin/contracts'
import { loadConfig, type AppConfig } from '../../config/env.js'
import { openTestDatabase } from '../../test/build-test-app.js'
import type { DatabaseHandle } from '../client.js'
import {
  packageItems,
  packages,
  productSizes,
  products,
  recipeIngredients,
  recipeInstructions,
  recipes,
} from '../schema/index.js'
import { reseed, seedIfEmpty, type SeedResult } from './seed.js'

const SITE_IMAGES = [
  'hero-1',
  'hero-2',
  'hero-3',
  'hero-4',
  'beyaynetu',
  'roll-injera',
  'tavlinim',
  'menu',
  'awaze',
  'about',
]

describe('demo catalogue seed', () => {
  let database: DatabaseHandle
  let drop: () => Promise<void>
  let config: AppConfig
  let first: Array<SeedResult | null>

  beforeAll(async () => {
    ;({ database, drop } = await openTestDatabase())
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-seed-'))
    config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir })
    // Two starts racing on one empty database: exactly one of them loads.
    first = await Promise.all([seedIfEmpty(database.db, config), seedIfEmpty(database.db, config)])
  }, 180_000)

  afterAll(async () => {
    await database.close()
    await drop()
    fs.rmSync(config.dataDir, { recursive: true, force: true })
  })

  const db = () => database.db
  const uploads = () => path.join(config.dataDir, 'uploads')

  it('loads once when two starts race, and reports what it loaded', async () => {
    const loaded = first.filter((result) => result !== null)
    expect(loaded).toHaveLength(1)
    expect(loaded[0]).toMatchObject({ products: expect.any(Number), recipes: 10, packages: 7 })
    expect(await seedIfEmpty(db(), config)).toBeNull()
  })

  it('has at least 30 products, 10 recipes and 7 packages', async () => {
    const [productCount] = await db().select({ n: count() }).from(products)
    const [recipeCount] = await db().select({ n: count() }).from(recipes)
    const [packageCount] = await db().select({ n: count() }).from(packages)
    expect(productCount!.n).toBeGreaterThanOrEqual(30)
    expect(recipeCount!.n).toBe(10)
    expect(packageCount!.n).toBe(7)
  })

  it('covers every product category and subcategory, and every recipe category', async () => {
    const rows = await db()
      .select({ categories: products.categories, subCategories: products.subCategories })
      .from(products)
    const categories = new Set(rows.flatMap((row) => row.categories))
    const subCategories = new Set(rows.flatMap((row) => row.subCategories))
    for (const category of PRODUCT_CATEGORIES)
      expect(categories, category.nameInEnglish).toContain(category.nameInEnglish)
    for (const sub of PRODUCT_SUB_CATEGORIES)
      expect(subCategories, sub.nameInEnglish).toContain(sub.nameInEnglish)
    // A subcategory is only ever used together with its parent.
    for (const row of rows) {
      for (const sub of row.subCategories) {
        const parent = PRODUCT_SUB_CATEGORIES.find((s) => s.nameInEnglish === sub)!.nameOfParentCategory
        expect(row.categories).toContain(parent)
      }
    }
    // Spec §3's subcategories of "packages" are kinds of the demo packages (decision 248).
    const kinds = new Set(
      (await db().select({ kinds: packages.subCategories }).from(packages)).flatMap((row) => row.kinds),
    )
    for (const kind of PACKAGE_SUB_CATEGORIES) expect(kinds, kind.nameInEnglish).toContain(kind.nameInEnglish)
    const recipeRows = await db().select({ categories: recipes.categories }).from(recipes)
    const recipeCategories = new Set(recipeRows.flatMap((row) => row.categories))
    for (const category of RECIPE_CATEGORIES) expect(recipeCategories).toContain(category.nameInEnglish)
  })

  it('gives most products two or three sizes, priced in whole agorot', async () => {
    const sizes = await db().select().from(productSizes)
    const perProduct = new Map<string, number>()
    for (const size of sizes) {
      perProduct.set(size.productId, (perProduct.get(size.productId) ?? 0) + 1)
      expect(Number.isInteger(size.priceAgorot)).toBe(true)
      expect(size.priceAgorot).toBeGreaterThan(0)
    }
    const withSeveral = [...perProduct.values()].filter((n) => n >= 2).length
    expect(withSeveral).toBeGreaterThan(perProduct.size / 2)
  })

  it('fills each product with an English name, a description, features and search text', async () => {
    const rows = await db().select().from(products)
    for (const row of rows) {
      expect(row.nameInEnglish).toBeTruthy()
      expect(row.shortDescription.length).toBeGreaterThanOrEqual(5)
      expect(row.features.length).toBeGreaterThanOrEqual(2)
      expect(row.features.length).toBeLessThanOrEqual(4)
      expect(row.searchText).toContain(row.nameInEnglish!.toLowerCase().split(/[^a-z]+/)[0])
    }
  })

  it('links recipe ingredients by id to the product of exactly that name', async () => {
    const linked = await db()
      .select({ ingredient: recipeIngredients.name, product: products.name })
      .from(recipeIngredients)
      .innerJoin(products, eq(recipeIngredients.productId, products.id))
    expect(linked.length).toBeGreaterThanOrEqual(20)
    for (const row of linked) expect(row.ingredient).toBe(row.product)
    // Every recipe uses at least one shop product and has 4–10 ingredients and numbered steps.
    for (const recipe of await db().select().from(recipes)) {
      const ingredients = await db()
        .select()
        .from(recipeIngredients)
        .where(eq(recipeIngredients.recipeId, recipe.id))
      expect(ingredients.length).toBeGreaterThanOrEqual(4)
      expect(ingredients.length).toBeLessThanOrEqual(10)
      expect(ingredients.some((i) => i.productId)).toBe(true)
      const steps = await db()
        .select()
        .from(recipeInstructions)
        .where(eq(recipeInstructions.recipeId, recipe.id))
      expect(steps.map((s) => s.step).sort((a, b) => a - b)).toEqual(steps.map((_, i) => i + 1))
    }
  })

  it('is accepted as it stands by the admin input schemas, so any demo item can be edited and saved', async () => {
    const sizes = await db().select().from(productSizes)
    for (const row of await db().select().from(products)) {
      const input = {
        name: row.name,
        nameInEnglish: row.nameInEnglish ?? undefined,
        shortDescription: row.shortDescription,
        image: row.image,
        pricing: sizes
          .filter((size) => size.productId === row.id)
          .map((size) => ({
            size: { sizeName: size.sizeName, sizeQuantity: size.sizeQuantity },
            price: toShekels(size.priceAgorot),
          })),
        categories: row.categories.map((name) => PRODUCT_CATEGORIES.find((c) => c.nameInEnglish === name)),
        subCategories: row.subCategories.map((name) =>
          PRODUCT_SUB_CATEGORIES.find((c) => c.nameInEnglish === name),
        ),
        features: { value: row.features },
      }
      expect(ProductInputSchema.safeParse(input).error, row.name).toBeUndefined()
    }
    const ingredients = await db().select().from(recipeIngredients)
    const instructions = await db().select().from(recipeInstructions)
    for (const row of await db().select().from(recipes)) {
      const input = {
        ...row,
        categories: row.categories.map((name) => RECIPE_CATEGORIES.find((c) => c.nameInEnglish === name)),
        ingredients: ingredients
          .filter((i) => i.recipeId === row.id)
          .map((i) => ({ name: i.name, quantity: i.quantity, productId: i.productId ?? undefined })),
        instructions: instructions
          .filter((i) => i.recipeId === row.id)
          .map((i) => ({ description: i.description })),
      }
      expect(RecipeInputSchema.safeParse(input).error, row.name).toBeUndefined()
    }
    const contents = await db().select().from(packageItems).orderBy(packageItems.position)
    for (const row of await db().select().from(packages)) {
      const input = {
        ...row,
        description: row.description ?? undefined,
        price: toShekels(row.priceAgorot),
        recipeId: row.recipeId ?? undefined,
        subCategories: row.subCategories.map((name) =>
          PACKAGE_SUB_CATEGORIES.find((kind) => kind.nameInEnglish === name),
        ),
        items: contents
          .filter((item) => item.packageId === row.id)
          .map(({ productId, sizeName, quantity }) => ({ productId, sizeName, quantity })),
      }
      expect(PackageInputSchema.safeParse(input).error, row.name).toBeUndefined()
    }
  })

  it('gives every package real contents: products in sizes they are sold in', async () => {
    const contents = await db().select().from(packageItems)
    const sizes = await db().select().from(productSizes)
    for (const row of await db().select().from(packages)) {
      const mine = contents.filter((item) => item.packageId === row.id)
      expect(mine.length, row.name).toBeGreaterThanOrEqual(2)
      for (const item of mine) {
        const sold = sizes.filter((size) => size.productId === item.productId).map((size) => size.sizeName)
        expect(sold, `${row.name}: ${item.sizeName}`).toContain(item.sizeName)
      }
    }
  })

  it('stores each name folded for ranking, as the API writes it', async () => {
    const [paprika] = await db().select().from(products).where(eq(products.name, 'פפריקה מתוקה'))
    expect(paprika?.searchName).toBe('פפריקה מתוקה sweet paprika')
  })

  it('links every package to a recipe', async () => {
    const linked = await db().select({ n: count() }).from(packages).where(isNotNull(packages.recipeId))
    expect(linked[0]!.n).toBe(7)
  })

  it('writes every image in every width, and stores the 640 one', async () => {
    const images = [
      ...(await db().select({ image: products.image }).from(products)),
      ...(await db().select({ image: recipes.image }).from(recipes)),
      ...(await db().select({ image: packages.image }).from(packages)),
    ].map((row) => row.image)
    for (const image of images) {
      expect(image).toMatch(/^\/uploads\/(products|recipes|packages)\/[a-z0-9-]+-640\.webp$/)
      const srcSet = imageSrcSet(image)!
      for (const entry of srcSet.split(', ')) {
        const file = path.join(uploads(), entry.split(' ')[0]!.replace(/^\/uploads\//, ''))
        expect(fs.statSync(file).size, file).toBeGreaterThan(1000)
      }
    }
    for (const name of SITE_IMAGES) {
      for (const width of IMAGE_WIDTHS) {
        expect(fs.existsSync(path.join(uploads(), 'site', `${name}-${width}.webp`)), `${name}-${width}`).toBe(
          true,
        )
      }
    }
  })

  it('reset replaces the catalogue and regenerates its images, leaving other uploads alone', async () => {
    const before = await db().select({ id: products.id }).from(products)
    const someImage = path.join(uploads(), 'products', 'berbere-960.webp')
    fs.rmSync(someImage)
    const adminUpload = path.join(uploads(), 'products', 'uploaded-by-admin.webp')
    fs.writeFileSync(adminUpload, 'not a seed file')

    const result = await reseed(db(), config)

    expect(result.products).toBe(before.length)
    const after = await db().select({ id: products.id }).from(products)
    expect(after).toHaveLength(before.length)
    expect(after.some((row) => before.some((old) => old.id === row.id))).toBe(false)
    expect(fs.existsSync(someImage)).toBe(true)
    expect(fs.existsSync(adminUpload)).toBe(true)
    const [recipeCount] = await db().select({ n: count() }).from(recipes)
    expect(recipeCount!.n).toBe(10)
  }, 180_000)
})
