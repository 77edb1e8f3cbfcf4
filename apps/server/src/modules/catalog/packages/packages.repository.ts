import { PACKAGE_SIZE } from '@tavlin/contracts'
import { arrayContains, eq, sql, type SQL } from 'drizzle-orm'
import { packageItems, packages } from '../../../db/schema/index.js'
import type { CatalogFilter, CatalogTable } from '../catalog.config.js'
import { childRowsJson, ownColumns } from '../catalog-record.repository.js'
import { createCatalogStockRepository } from '../catalog-stock.repository.js'

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
  /** Packages left; null = not tracked. Written with its history by `insertChildren`. */
  stock: number | null
  /** English names of its kinds (PACKAGE_SUB_CATEGORIES). */
  subCategories: string[]
  createdAt: Date
  updatedAt: Date
  items: PackageItemRow[]
}

export type PackageWrite = Omit<PackageRecord, 'id' | 'createdAt' | 'updatedAt'> & {
  searchText: string
  searchName: string
}

export type PackageFilter = CatalogFilter & { subCategory?: string }

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
  conditions(filter) {
    const conditions: SQL[] = []
    if (filter.subCategory) conditions.push(arrayContains(packages.subCategories, [filter.subCategory]))
    return conditions
  },
  columnsOf: ({ items: _items, stock: _stock, ...columns }) => columns,
  async insertChildren(db, packageId, { items, stock }, actor) {
    // The count is locked while it is replaced, so its change is recorded against the count it replaced.
    const [before] = await db
      .select({ stock: packages.stock })
      .from(packages)
      .where(eq(packages.id, packageId))
      .for('update')
    if (stock !== (before?.stock ?? null))
      await db.update(packages).set({ stock }).where(eq(packages.id, packageId))
    const key = { itemType: 'Package' as const, itemId: packageId, size: PACKAGE_SIZE }
    await createCatalogStockRepository(db).set(db, key, stock, before?.stock ?? null, actor)
    if (items.length === 0) return
    await db.insert(packageItems).values(items.map((item, position) => ({ packageId, position, ...item })))
  },
  async deleteChildren(db, packageId) {
    await db.delete(packageItems).where(eq(packageItems.packageId, packageId))
  },
}
