import { toShekels, type Favourite, type FavouriteList, type FavouriteRef } from '@tavlin/contracts'
import { notFound } from '../../lib/errors.js'
import { offerKey, type CatalogOffers, type ItemOffer } from '../catalog/index.js'
import type { FavouriteRow, FavouritesRepository } from './account-favourites.repository.js'

/**
 * A signed-in shopper's favourites (issue 36, decision 273): products and packages, shown
 * with today's price of each size and the units left, as the catalogue has them now. Adding
 * an item the catalogue does not have is a 404 and stores nothing; an item deleted later
 * simply drops out of the list. Every answer is the whole list, the newest first.
 */
export function createFavouritesService(deps: { repository: FavouritesRepository; offers: CatalogOffers }) {
  const { repository, offers } = deps

  async function list(subject: string): Promise<FavouriteList> {
    const rows = await repository.list(subject)
    const found = await offers.findOffers(rows)
    const items: Favourite[] = []
    for (const row of rows) {
      const offer = found.get(offerKey(row))
      if (offer) items.push(toFavourite(row, offer))
    }
    return { items }
  }

  return {
    list,

    async add(subject: string, item: FavouriteRef): Promise<FavouriteList> {
      const found = await offers.findOffers([item])
      if (!found.has(offerKey(item))) throw notFound(item.itemType)
      await repository.add(subject, [item])
      return list(subject)
    },

    async remove(subject: string, item: FavouriteRef): Promise<FavouriteList> {
      await repository.remove(subject, item)
      return list(subject)
    },

    /**
     * A guest's list from the browser, at sign-in: what the catalogue still has is added
     * (an item bought out of the shop since is no error: it is left behind), nothing removed.
     */
    async merge(subject: string, items: FavouriteRef[]): Promise<FavouriteList> {
      const found = await offers.findOffers(items)
      const seen = new Set<string>()
      const kept = items.filter((item) => {
        const key = offerKey(item)
        if (!found.has(key) || seen.has(key)) return false
        seen.add(key)
        return true
      })
      await repository.add(subject, kept)
      return list(subject)
    },
  }
}
export type FavouritesService = ReturnType<typeof createFavouritesService>

function toFavourite(row: FavouriteRow, offer: ItemOffer): Favourite {
  return {
    itemId: offer.itemId,
    itemType: offer.itemType,
    name: offer.name,
    image: offer.image,
    sizes: offer.sizes.map((size) => ({
      size: size.size,
      price: toShekels(size.unitPriceAgorot),
      stock: size.stock,
    })),
    addedAt: row.createdAt.toISOString(),
  }
}
