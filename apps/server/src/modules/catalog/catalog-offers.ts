import { PACKAGE_SIZE, type ItemType } from '@tavlin/contracts'
import type { CatalogPricesRepository } from './catalog-prices.repository.js'

export type OfferQuery = { itemId: string; itemType: ItemType }

/** An item as it is sold today: its name and picture, and each size's price and units left. */
export type ItemOffer = {
  itemId: string
  itemType: ItemType
  name: string
  image: string
  sizes: Array<{ size: string; unitPriceAgorot: number; stock: number | null }>
}

/**
 * What a shopper's favourites show (issue 36): every size of each item at today's price,
 * read in four queries however long the list. An item no longer in the catalogue is absent.
 */
export interface CatalogOffers {
  /** Keyed by `offerKey`; only the items that still exist. */
  findOffers(items: OfferQuery[]): Promise<Map<string, ItemOffer>>
}

export const offerKey = ({ itemId, itemType }: OfferQuery) => `${itemType}:${itemId}`

export function createCatalogOffers(repository: CatalogPricesRepository): CatalogOffers {
  return {
    async findOffers(items) {
      const idsOf = (type: ItemType) => [
        ...new Set(items.filter((item) => item.itemType === type).map((item) => item.itemId)),
      ]
      const productIds = idsOf('Product')
      const packageIds = idsOf('Package')
      const [products, sizes, packages, images] = await Promise.all([
        repository.findProducts(productIds),
        repository.findAllSizes(productIds),
        repository.findPackages(packageIds),
        repository.findImages([...productIds, ...packageIds]),
      ])
      const imageOf = new Map(images.map((row) => [row.id, row.image]))
      const offers = new Map<string, ItemOffer>()
      for (const product of products) {
        const offer: ItemOffer = {
          itemId: product.id,
          itemType: 'Product',
          name: product.name,
          image: imageOf.get(product.id) ?? '',
          sizes: sizes
            .filter((size) => size.productId === product.id)
            .map(({ sizeName, priceAgorot, stock }) => ({
              size: sizeName,
              unitPriceAgorot: priceAgorot,
              stock,
            })),
        }
        offers.set(offerKey(offer), offer)
      }
      for (const pack of packages) {
        const offer: ItemOffer = {
          itemId: pack.id,
          itemType: 'Package',
          name: pack.name,
          image: imageOf.get(pack.id) ?? '',
          sizes: [{ size: PACKAGE_SIZE, unitPriceAgorot: pack.priceAgorot, stock: pack.stock }],
        }
        offers.set(offerKey(offer), offer)
      }
      return offers
    },
  }
}
