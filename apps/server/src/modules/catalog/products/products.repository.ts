import type { FoodLabelling } from '@tavlin/contracts'
import { arrayContains, eq, sql, type SQL } from 'drizzle-orm'
import { productSizes, products } from '../../../db/schema/index.js'
import type { CatalogFilter, CatalogTable } from '../catalog.config.js'
import { childRowsJson, ownColumns } from '../catalog-record.repository.js'

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
  /** טובין פסידים: cannot be cancelled once shipped (issue 18). */
  perishable: boolean
  labelling: FoodLabelling
  createdAt: Date
  updatedAt: Date
  sizes: SizeRow[]
}

export type ProductWrite = Omit<ProductRecord, 'id' | 'createdAt' | 'updatedAt'> & {
  searchText: string
  searchName: string
}

export type ProductFilter = CatalogFilter & { category?: string; subCategory?: string }

const sizesJson = childRowsJson<SizeRow>(
  { sizeName: 's.size_name', sizeQuantity: 's.size_quantity', priceAgorot: 's.price_agorot' },
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
