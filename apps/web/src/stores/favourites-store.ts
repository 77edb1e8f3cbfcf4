import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

export type FavouriteItemType = 'Product' | 'Package'

/** A heart: a product (all its sizes) or a package. */
export type FavouriteItem = { itemId: string; itemType: FavouriteItemType }

type FavouritesState = {
  items: FavouriteItem[]
  /**
   * Whose list this is: null for a guest's own, else the subject of the account whose
   * server list it mirrors (decision 273), so a sign-out leaves nothing of it behind and
   * another account's sign-in does not take it in.
   */
  owner: string | null
  /** Marks or unmarks; answers whether the item is now a favourite. */
  toggle: (item: FavouriteItem) => boolean
  mark: (item: FavouriteItem, isFavourite: boolean) => void
  /** The server's list, now the truth while `owner` is signed in. */
  replace: (items: FavouriteItem[], owner: string | null) => void
}

const FAVOURITES_STORAGE_KEY = 'favourites-storage'

const isSame = (a: FavouriteItem, b: FavouriteItem) => a.itemId === b.itemId && a.itemType === b.itemType

export const hasFavourite = (items: readonly FavouriteItem[], item: FavouriteItem) =>
  items.some((entry) => isSame(entry, item))

export const useFavouritesStore = create<FavouritesState>()(
  persist(
    (set, get) => ({
      items: [],
      owner: null,
      toggle: (item) => {
        const isNow = !hasFavourite(get().items, item)
        get().mark(item, isNow)
        return isNow
      },
      mark: (item, isFavourite) =>
        set(({ items }) => {
          const others = items.filter((entry) => !isSame(entry, item))
          // The newest first, as the account's list shows them.
          return {
            items: isFavourite ? [{ itemId: item.itemId, itemType: item.itemType }, ...others] : others,
          }
        }),
      replace: (items, owner) =>
        set({ items: items.map(({ itemId, itemType }) => ({ itemId, itemType })), owner }),
    }),
    {
      name: FAVOURITES_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ items, owner }) => ({ items, owner }),
    },
  ),
)

// One list across tabs, as the cart (issue 35): another tab's heart shows here at once.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === FAVOURITES_STORAGE_KEY || event.key === null) {
      void useFavouritesStore.persist.rehydrate()
    }
  })
}
