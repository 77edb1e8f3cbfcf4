import { and, asc, eq, inArray, or } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { packages, productSizes, products } from '../../db/schema/index.js'

export type PricedLine = { itemId: string; size: string }

/** The names and current prices checkout reads: three queries however long the cart. */
/** A size's price and stock, as checkout and the favourites read them. */
const SIZE_COLUMNS = {
  productId: productSizes.productId,
  sizeName: productSizes.sizeName,
  priceAgorot: productSizes.priceAgorot,
  stock: productSizes.stock,
}
type SizeRow = { productId: string; sizeName: string; priceAgorot: number; stock: number | null }

export function createCatalogPricesRepository(db: Database) {
  return {
    /** The image of each product and package among `ids` (an order's lines, for its mails). */
    async findImages(ids: string[]): Promise<Array<{ id: string; image: string }>> {
      if (ids.length === 0) return []
      const [productRows, packageRows] = await Promise.all([
        db.select({ id: products.id, image: products.image }).from(products).where(inArray(products.id, ids)),
        db.select({ id: packages.id, image: packages.image }).from(packages).where(inArray(packages.id, ids)),
      ])
      return [...productRows, ...packageRows]
    },

    /**
     * The products among `ids` that are on sale: a hidden one (decision 293) is absent, so
     * checkout refuses it as an unknown item and favourites and reminders leave it out.
     */
    async findProducts(ids: string[]): Promise<Array<{ id: string; name: string; categories: string[] }>> {
      if (ids.length === 0) return []
      return db
        .select({ id: products.id, name: products.name, categories: products.categories })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.isHidden, false)))
    },

    /** The size rows of exactly these product-size pairs. */
    async findSizes(lines: PricedLine[]): Promise<SizeRow[]> {
      if (lines.length === 0) return []
      return db
        .select(SIZE_COLUMNS)
        .from(productSizes)
        .where(
          or(
            ...lines.map((l) => and(eq(productSizes.productId, l.itemId), eq(productSizes.sizeName, l.size))),
          ),
        )
    },

    /** Every size of these products, in the product's order (a favourite lists them all). */
    async findAllSizes(productIds: string[]): Promise<SizeRow[]> {
      if (productIds.length === 0) return []
      return db
        .select(SIZE_COLUMNS)
        .from(productSizes)
        .where(inArray(productSizes.productId, productIds))
        .orderBy(asc(productSizes.productId), asc(productSizes.position))
    },

    async findPackages(
      ids: string[],
    ): Promise<Array<{ id: string; name: string; priceAgorot: number; stock: number | null }>> {
      if (ids.length === 0) return []
      return db
        .select({
          id: packages.id,
          name: packages.name,
          priceAgorot: packages.priceAgorot,
          stock: packages.stock,
        })
        .from(packages)
        .where(inArray(packages.id, ids))
    },
  }
}

export type CatalogPricesRepository = ReturnType<typeof createCatalogPricesRepository>
