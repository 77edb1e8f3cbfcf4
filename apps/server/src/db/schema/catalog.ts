import type { FoodLabelling } from '@tavlin/contracts'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

export type FeatureValue = { title: string; description: string }

/** The same as EMPTY_LABELLING in @tavlin/contracts (kept literal for drizzle-kit). */
const emptyLabelling: FoodLabelling = {
  ingredients: '',
  allergens: [],
  mayContain: [],
  nutrition: null,
  countryOfOrigin: '',
  storage: '',
}

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    nameInEnglish: text('name_in_english'),
    shortDescription: text('short_description').notNull(),
    image: text('image').notNull(),
    /** English category names of the taxonomy in @tavlin/contracts. */
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subCategories: text('sub_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    features: jsonb('features').$type<FeatureValue[]>().notNull().default([]),
    /** Name, English name and short description folded for Hebrew-aware search (see catalog search). */
    searchText: text('search_text').notNull().default(''),
    /** Name and English name folded the same way: a match here ranks above one in the description. */
    searchName: text('search_name').notNull().default(''),
    /** טובין פסידים (§14ג(ד)(1)): once shipped, the buyer cannot cancel it. Off by default. */
    perishable: boolean('perishable').notNull().default(false),
    /** Hidden from the shop (decision 293): the admin still sees it; no storefront read or checkout does. */
    isHidden: boolean('is_hidden').notNull().default(false),
    /** Food labelling (issue 18): ingredients, allergens, nutrition per 100 g, origin, storage. */
    labelling: jsonb('labelling').$type<FoodLabelling>().notNull().default(emptyLabelling),
    ...timestamps,
  },
  (t) => [
    index('products_categories_idx').using('gin', t.categories),
    // Substring search (LIKE '%word%') over folded text; needs pg_trgm (migration 0000_pg_trgm).
    index('products_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('products_sub_categories_idx').using('gin', t.subCategories),
    index('products_created_at_idx').on(t.createdAt.desc(), t.id),
    uniqueIndex('products_name_idx').on(t.name),
  ],
)

/** A product's sizes, each with its own price (spec §3 `pricing`). */
export const productSizes = pgTable(
  'product_sizes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sizeName: text('size_name').notNull(),
    sizeQuantity: real('size_quantity').notNull(),
    priceAgorot: integer('price_agorot').notNull(),
    /** Units left to sell; null = not tracked (any quantity can be ordered). Decision 221. */
    stock: integer('stock'),
    /** The shop's code of this size (מק"ט), unique when set; the import matches rows by it (decision 284). */
    sku: text('sku'),
    /** EAN/UPC barcode; not unique (two sizes may share a supplier's code). */
    barcode: text('barcode'),
  },
  (t) => [
    uniqueIndex('product_sizes_product_size_idx').on(t.productId, t.sizeName),
    uniqueIndex('product_sizes_sku_idx')
      .on(t.sku)
      .where(sql`${t.sku} IS NOT NULL`),
    check('product_sizes_price_positive', sql`${t.priceAgorot} > 0`),
    check('product_sizes_stock_not_negative', sql`${t.stock} >= 0`),
  ],
)

export const recipes = pgTable(
  'recipes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    difficulty: text('difficulty', { enum: ['Easy', 'Medium', 'Hard'] }).notNull(),
    prepTime: text('prep_time').notNull(),
    servings: integer('servings').notNull(),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchText: text('search_text').notNull().default(''),
    searchName: text('search_name').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('recipes_categories_idx').using('gin', t.categories),
    index('recipes_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('recipes_created_at_idx').on(t.createdAt.desc(), t.id),
    uniqueIndex('recipes_name_idx').on(t.name),
  ],
)

export const recipeIngredients = pgTable(
  'recipe_ingredients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    quantity: text('quantity').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('recipe_ingredients_recipe_idx').on(t.recipeId, t.position),
    index('recipe_ingredients_product_idx').on(t.productId),
  ],
)

export const recipeInstructions = pgTable(
  'recipe_instructions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    description: text('description').notNull(),
  },
  (t) => [uniqueIndex('recipe_instructions_recipe_step_idx').on(t.recipeId, t.step)],
)

export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    image: text('image').notNull(),
    priceAgorot: integer('price_agorot').notNull(),
    cookingTime: integer('cooking_time').notNull(),
    peoplesQuantity: integer('peoples_quantity').notNull(),
    recipeId: uuid('recipe_id').references(() => recipes.id, { onDelete: 'set null' }),
    searchText: text('search_text').notNull().default(''),
    searchName: text('search_name').notNull().default(''),
    /** Packages left to sell; null = not tracked. Its own count, not its contents' (decision 221). */
    stock: integer('stock'),
    /** Its kinds: spec §3's subcategories of "packages" (PACKAGE_SUB_CATEGORIES, decision 248). */
    subCategories: text('sub_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    index('packages_created_at_idx').on(t.createdAt.desc(), t.id),
    index('packages_sub_categories_idx').using('gin', t.subCategories),
    index('packages_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    uniqueIndex('packages_name_idx').on(t.name),
    check('packages_price_positive', sql`${t.priceAgorot} > 0`),
    check('packages_stock_not_negative', sql`${t.stock} >= 0`),
  ],
)

/**
 * What a package holds: catalogue products, each in one of its sizes and a quantity
 * (decision 151). The package's ingredients count is the number of rows. Deleting a
 * product takes it out of the packages that held it. The size is checked against the
 * product's sizes when the package is saved; product sizes are replaced on every product
 * edit, so it is kept by name, not by a key.
 */
export const packageItems = pgTable(
  'package_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeName: text('size_name').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('package_items_package_position_idx').on(t.packageId, t.position),
    index('package_items_product_idx').on(t.productId),
    check('package_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
)

/**
 * One row whose version goes up with every statement that changes the catalogue
 * (statement triggers of migration 0002_catalog_version). Server processes key their
 * cached catalogue responses by it, so a write in one process is seen by all at once.
 */
export const catalogState = pgTable(
  'catalog_state',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalog_state_single_row', sql`${t.id} = 1`)],
)

/**
 * Every change of a stock count (decision 221): an order taking units (negative), a failed,
 * cancelled or expired order or a refund with the goods back giving them back, the admin
 * setting a count. `size` is the product's size name, or 'package'. No foreign keys: the
 * history outlives a deleted product or order.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemType: text('item_type', { enum: ['Product', 'Package'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    size: text('size').notNull(),
    delta: integer('delta').notNull(),
    /** The count after this change. */
    stockAfter: integer('stock_after'),
    reason: text('reason', { enum: ['order', 'released', 'restocked', 'admin', 'late_payment'] }).notNull(),
    orderId: uuid('order_id'),
    /** The order's number (shown as TV-<n>), kept so the history reads without the orders table. */
    orderNumber: integer('order_number'),
    actor: text('actor'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_movements_item_idx').on(t.itemId, t.size, t.at)],
)
