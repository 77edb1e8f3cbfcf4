import { PACKAGE_SIZE, type ItemType } from '@tavlin/contracts'
import type { CatalogPricesRepository } from './catalog-prices.repository.js'

export type PriceQuery = { itemId: string; itemType: ItemType; size: string }
export type PriceFound = {
  itemId: string
  itemType: ItemType
  name: string
  size: string
  unitPriceAgorot: number
  /** English category names: a coupon may apply only to some (packages are `packages`). */
  categories: string[]
  /** Units left now (null: not tracked); checkout reserves only tracked lines, in its transaction. */
  stock: number | null
}
export type PriceMissing = { missing: 'item' | 'size' }

/**
 * The read-only slice of the catalogue that checkout needs: the name and the current price
 * of each ordered line, read in three queries however long the cart. Part of the
 * catalogue's public service; the orders module sees only this interface.
 */
export interface CatalogPrices {
  /** One answer per query, in the same order. */
  findPrices(lines: PriceQuery[]): Promise<Array<PriceFound | PriceMissing>>
  /** Item id → its image's address, for the items that still exist (an order's mails, issue 41). */
  findImages(ids: string[]): Promise<Map<string, string>>
}

export function createCatalogPrices(repository: CatalogPricesRepository): CatalogPrices {
  return {
    async findImages(ids) {
      const rows = await repository.findImages([...new Set(ids)])
      return new Map(rows.map((row) => [row.id, row.image]))
    },
    async findPrices(lines) {
      const productLines = lines.filter((l) => l.itemType === 'Product')
      const packageIds = [...new Set(lines.filter((l) => l.itemType === 'Package').map((l) => l.itemId))]
      const [productRows, sizeRows, packageRows] = await Promise.all([
        repository.findProducts([...new Set(productLines.map((l) => l.itemId))]),
        repository.findSizes(productLines),
        repository.findPackages(packageIds),
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
            categories: ['packages'],
            stock: found.stock,
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
          categories: product.categories,
          stock: size.stock,
        }
      })
    },
  }
}
