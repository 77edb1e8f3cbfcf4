import { eq, sql } from 'drizzle-orm'
import { packageItems, packages } from '../../../db/schema/index.js'
import type { CatalogFilter, CatalogTable } from '../catalog.config.js'
import { childRowsJson, ownColumns } from '../catalog-record.repository.js'

export type PackageItemRow = { productId: string; sizeName: string; quantity: number }

export type PackageRecord = {
  id: string
  name: string
  description: string | null
  image: string
  priceAgorot: number
  cookingTime: number
  peoplesQuantity: number
  recipeId: string | null
  createdAt: Date
  updatedAt: Date
  items: PackageItemRow[]
}

export type PackageWrite = Omit<PackageRecord, 'id' | 'createdAt' | 'updatedAt'> & {
  searchText: string
  searchName: string
}

export type PackageFilter = CatalogFilter

const itemsJson = childRowsJson<PackageItemRow>(
  { productId: 'i.product_id', sizeName: 'i.size_name', quantity: 'i.quantity' },
  sql`${packageItems} i where i.package_id = "packages"."id"`,
  'i.position',
)

/** The packages table and its contents, for the catalogue's generic repository. */
export const packagesTable: CatalogTable<PackageFilter, PackageWrite> = {
  table: packages,
  columns: packages,
  record: { ...ownColumns(packages), items: itemsJson },
  conditions: () => [],
  columnsOf: ({ items: _items, ...columns }) => columns,
  async insertChildren(db, packageId, { items }) {
    if (items.length === 0) return
    await db.insert(packageItems).values(items.map((item, position) => ({ packageId, position, ...item })))
  },
  async deleteChildren(db, packageId) {
    await db.delete(packageItems).where(eq(packageItems.packageId, packageId))
  },
}
