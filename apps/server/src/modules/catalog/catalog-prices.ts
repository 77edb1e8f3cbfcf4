import { and, eq, inArray, or } from 'drizzle-orm'
import { PACKAGE_SIZE, type ItemType } from '@tavlin/contracts'
import type { Database } from '../../db/client.js'
import { packages, productSizes, products } from '../../db/schema/index.js'

export type PriceQuery = { itemId: string; itemType: ItemType; size: string }
export type PriceFound = {
  itemId: string
  itemType: ItemType
  name: string
  size: string
  unitPriceAgorot: number
}
export type PriceMissing = { missing: 'item' | 'size' }

/**
 * The read-only slice of the catalogue that checkout needs: the name and the current price
 * of each ordered line, read in three queries however long the cart. It lives with the
 * catalogue tables; the orders module sees only this interface.
 */
export interface CatalogPrices {
  /** One answer per query, in the same order. */
  findPrices(lines: PriceQuery[]): Promise<Array<PriceFound | PriceMissing>>
}

export function createDrizzleCatalogPrices(db: Database): CatalogPrices {
  return {
    async findPrices(lines) {
      const productIds = [...new Set(lines.filter((l) => l.itemType === 'Product').map((l) => l.itemId))]
      const packageIds = [...new Set(lines.filter((l) => l.itemType === 'Package').map((l) => l.itemId))]
      const [productRows, sizeRows, packageRows] = await Promise.all([
        productIds.length
          ? db
              .select({ id: products.id, name: products.name })
              .from(products)
              .where(inArray(products.id, productIds))
          : [],
        productIds.length
          ? db
              .select({
                productId: productSizes.productId,
                sizeName: productSizes.sizeName,
                priceAgorot: productSizes.priceAgorot,
              })
              .from(productSizes)
              .where(
                or(
                  ...lines
                    .filter((l) => l.itemType === 'Product')
                    .map((l) => and(eq(productSizes.productId, l.itemId), eq(productSizes.sizeName, l.size))),
                ),
              )
          : [],
        packageIds.length
          ? db
              .select({ id: packages.id, name: packages.name, priceAgorot: packages.priceAgorot })
              .from(packages)
              .where(inArray(packages.id, packageIds))
          : [],
      ])
      return lines.map((line): PriceFound | PriceMissing => {
        if (line.itemType === 'Package') {
          const found = packageRows.find((row) => row.id === line.itemId)
          if (!found) return { missing: 'item' }
          if (line.size !== PACKAGE_SIZE) return { missing: 'size' }
          return {
            itemId: line.itemId,
            itemType: 'Package',
            name: found.name,
            size: PACKAGE_SIZE,
            unitPriceAgorot: found.priceAgorot,
          }
        }
        const product = productRows.find((row) => row.id === line.itemId)
        if (!product) return { missing: 'item' }
        const size = sizeRows.find((row) => row.productId === line.itemId && row.sizeName === line.size)
        if (!size) return { missing: 'size' }
        return {
          itemId: line.itemId,
          itemType: 'Product',
          name: product.name,
          size: size.sizeName,
          unitPriceAgorot: size.priceAgorot,
        }
      })
    },
  }
}
