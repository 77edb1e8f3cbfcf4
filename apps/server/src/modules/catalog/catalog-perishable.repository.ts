import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { products } from '../../db/schema/index.js'

/**
 * The slice of the catalogue cancellations need: which products are perishable (טובין
 * פסידים). Packages are never marked; a deleted product counts as not perishable.
 */
export interface CatalogPerishable {
  findPerishable(productIds: readonly string[]): Promise<Set<string>>
}

export function createDrizzleCatalogPerishable(db: Database): CatalogPerishable {
  return {
    async findPerishable(productIds) {
      if (productIds.length === 0) return new Set()
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, [...new Set(productIds)]), eq(products.perishable, true)))
      return new Set(rows.map((row) => row.id))
    },
  }
}
