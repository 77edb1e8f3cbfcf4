import { arrayContains, eq, sql, type SQL } from 'drizzle-orm'
import { productSizes, products } from '../../../db/schema/index.js'
import type { CatalogFilter, CatalogTable } from '../catalog.config.js'

export type SizeRow = { sizeName: string; sizeQuantity: number; priceAgorot: number }

export type ProductRecord = {
  id: string
  name: string
  nameInEnglish: string | null
  shortDescription: string
  image: string
  categories: string[]
  subCategories: string[]
  features: Array<{ title: string; description: string }>
  createdAt: Date
  updatedAt: Date
  sizes: SizeRow[]
}

export type ProductWrite = Omit<ProductRecord, 'id' | 'createdAt' | 'updatedAt'> & {
  searchText: string
  searchName: string
}

export type ProductFilter = CatalogFilter & { category?: string; subCategory?: string }

// Sizes come back with their product as one JSON array, so a page is one round trip
// (no query per product, no second query per child table). The outer column is written
// out qualified: Drizzle leaves columns unqualified in single-table selects, and a bare
// "id" would bind to the inner table.
const sizesJson = sql<SizeRow[]>`coalesce((
  select json_agg(json_build_object(
    'sizeName', s.size_name, 'sizeQuantity', s.size_quantity, 'priceAgorot', s.price_agorot
  ) order by s.position)
  from ${productSizes} s where s.product_id = "products"."id"), '[]'::json)`

/** The products table and its sizes, for the catalogue's generic repository. */
export const productsTable: CatalogTable<ProductFilter, ProductWrite> = {
  table: products,
  columns: products,
  record: {
    id: products.id,
    name: products.name,
    nameInEnglish: products.nameInEnglish,
    shortDescription: products.shortDescription,
    image: products.image,
    categories: products.categories,
    subCategories: products.subCategories,
    features: products.features,
    createdAt: products.createdAt,
    updatedAt: products.updatedAt,
    sizes: sizesJson,
  },
  conditions(filter) {
    const conditions: SQL[] = []
    if (filter.category) conditions.push(arrayContains(products.categories, [filter.category]))
    if (filter.subCategory) conditions.push(arrayContains(products.subCategories, [filter.subCategory]))
    return conditions
  },
  columnsOf: ({ sizes: _sizes, ...columns }) => columns,
  async insertChildren(db, productId, { sizes }) {
    if (sizes.length === 0) return
    await db.insert(productSizes).values(sizes.map((size, position) => ({ productId, position, ...size })))
  },
  async deleteChildren(db, productId) {
    await db.delete(productSizes).where(eq(productSizes.productId, productId))
  },
}
