import { queryOptions } from '@tanstack/react-query'
import { FavouriteListSchema, type FavouriteList } from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { useFavouritesStore, type FavouriteItem } from '../stores/favourites-store'

// A signed-in shopper's favourites (issue 36, decision 273). Loaded on demand: the heart and
// the sign-in sync import this module only for a signed-in shopper, so the API client stays
// out of the first load (decision 007).

const itemPath = ({ itemType, itemId }: FavouriteItem) =>
  `/account/favourites/${itemType}/${encodeURIComponent(itemId)}`

export const favouritesApi = {
  list: (signal?: AbortSignal) => apiClient.get('/account/favourites', FavouriteListSchema, { signal }),
  add: (item: FavouriteItem) => apiClient.put(itemPath(item), FavouriteListSchema),
  remove: (item: FavouriteItem) => apiClient.delete(itemPath(item), FavouriteListSchema),
  merge: (items: FavouriteItem[]) =>
    apiClient.post('/account/favourites/merge', FavouriteListSchema, { items }),
}

export const favouritesQuery = () =>
  queryOptions({
    queryKey: ['account', 'favourites'] as const,
    queryFn: ({ signal }) => favouritesApi.list(signal),
    staleTime: 0,
  })

/** A heart pressed while signed in: the server is told; the caller undoes the press if it refuses. */
export async function saveFavourite(item: FavouriteItem, isFavourite: boolean): Promise<FavouriteList> {
  return isFavourite ? favouritesApi.add(item) : favouritesApi.remove(item)
}

/**
 * At sign-in (and on each visit while signed in): a guest's hearts are merged into the
 * account's, and the server's list becomes the browser's. A list that already mirrors an
 * account is only replaced, so a heart removed on another device does not come back.
 */
export async function syncFavourites(subject: string): Promise<void> {
  const { items, owner } = useFavouritesStore.getState()
  const isGuestList = items.length > 0 && owner === null
  const list = isGuestList ? await favouritesApi.merge(items) : await favouritesApi.list()
  useFavouritesStore.getState().replace(list.items, subject)
}
