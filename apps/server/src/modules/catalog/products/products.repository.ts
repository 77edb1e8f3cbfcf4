import type { FoodLabelling } from '@tavlin/contracts'
import { and, arrayContains, eq, notInArray, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../../db/client.js'
import { productSizes, products } from '../../../db/schema/index.js'
import type { CatalogFilter, CatalogTable } from '../catalog.config.js'
import { childRowsJson, ownColumns } from '../catalog-record.repository.js'
import { createCatalogStockRepository } from '../catalog-stock.repository.js'

export type SizeRow = {
  sizeName: string
  sizeQuantity: number
  priceAgorot: number
  stock: number | null
  sku: string | null
  barcode: string | null
}

export type ProductRecord = {
  id: string
  name: string
  nameInEnglish: string | null
  shortDescription: string
  image: string
  categories: string[]
  subCategories: string[]
  features: Array<{ title: string; description: string }>
  /** טובין פסידים: cannot be cancelled once shipped (issue 18). */
  perishable: boolean
  /** Left out of every storefront read (decision 293). */
  isHidden: boolean
  labelling: FoodLabelling
  createdAt: Date
  updatedAt: Date
  sizes: SizeRow[]
}

export type ProductWrite = Omit<ProductRecord, 'id' | 'createdAt' | 'updatedAt'> & {
  searchText: string
  searchName: string
}

export type ProductFilter = CatalogFilter & { category?: string; subCategory?: string; isHidden?: boolean }

const sizesJson = childRowsJson<SizeRow>(
  {
    sizeName: 's.size_name',
    sizeQuantity: 's.size_quantity',
    priceAgorot: 's.price_agorot',
    stock: 's.stock',
    sku: 's.sku',
    barcode: 's.barcode',
  },
  sql`${productSizes} s where s.product_id = "products"."id"`,
  's.position',
)

/** The products table and its sizes, for the catalogue's generic repository. */
export const productsTable: CatalogTable<ProductFilter, ProductWrite> = {
  table: products,
  columns: products,
  record: { ...ownColumns(products), sizes: sizesJson },
  conditions(filter) {
    const conditions: SQL[] = []
    if (filter.category) conditions.push(arrayContains(products.categories, [filter.category]))
    if (filter.subCategory) conditions.push(arrayContains(products.subCategories, [filter.subCategory]))
    if (filter.isHidden !== undefined) conditions.push(eq(products.isHidden, filter.isHidden))
    return conditions
  },
  columnsOf: ({ sizes: _sizes, ...columns }) => columns,
  async insertChildren(db, productId, { sizes }, actor) {
    if (sizes.length === 0) return
    await db.insert(productSizes).values(sizes.map((size, position) => ({ productId, position, ...size })))
    const stock = createCatalogStockRepository(db)
    for (const size of sizes)
      await stock.set(
        db,
        { itemType: 'Product', itemId: productId, size: size.sizeName },
        size.stock,
        null,
        actor,
      )
  },
  async deleteChildren(db, productId) {
    await db.delete(productSizes).where(eq(productSizes.productId, productId))
  },
  replaceChildren: replaceSizes,
}

/** The products the shop sees: hidden ones are out of every read of this repository (decision 293). */
export const shopProductsTable: CatalogTable<ProductFilter, ProductWrite> = {
  ...productsTable,
  scope: eq(products.isHidden, false),
}

/**
 * Sizes are updated in place, not deleted and inserted again: an order reserving units of
 * a size meanwhile must find its row (decision 221). The sizes are locked while the admin's
 * counts are written, so each change to a count is recorded against the count it replaced.
 */
async function replaceSizes(db: Database, productId: string, { sizes }: ProductWrite, actor: string | null) {
  const names = sizes.map((size) => size.sizeName)
  await db
    .delete(productSizes)
    .where(and(eq(productSizes.productId, productId), notInArray(productSizes.sizeName, names)))
  // A SKU moving from one size to another of this product must not meet itself on the way.
  if (sizes.some((size) => size.sku !== null))
    await db.update(productSizes).set({ sku: null }).where(eq(productSizes.productId, productId))
  const before = await db
    .select({ sizeName: productSizes.sizeName, stock: productSizes.stock })
    .from(productSizes)
    .where(eq(productSizes.productId, productId))
    .for('update')
  const stock = createCatalogStockRepository(db)
  for (const [position, size] of sizes.entries()) {
    await db
      .insert(productSizes)
      .values({ productId, position, ...size })
      .onConflictDoUpdate({
        target: [productSizes.productId, productSizes.sizeName],
        set: {
          position,
          sizeQuantity: size.sizeQuantity,
          priceAgorot: size.priceAgorot,
          stock: size.stock,
          sku: size.sku,
          barcode: size.barcode,
        },
      })
    const old = before.find((row) => row.sizeName === size.sizeName)?.stock ?? null
    await stock.set(
      db,
      { itemType: 'Product', itemId: productId, size: size.sizeName },
      size.stock,
      old,
      actor,
    )
  }
}
