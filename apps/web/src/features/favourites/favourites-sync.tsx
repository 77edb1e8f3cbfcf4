import { useEffect } from 'react'
import { useFavouritesStore } from '../../stores/favourites-store'

type FavouritesSyncProps = {
  /** The signed-in shopper's subject; null while no one is (or not yet known). */
  subject: string | null
  /** Known to be signed out (not merely still loading the session). */
  isSignedOut: boolean
  /**
   * The same, read at the moment: a server-rendered page hydrates with the server's
   * "no session" (decision 097), which must not empty a signed-in shopper's list.
   */
  isSignedOutNow: () => boolean
}

/**
 * Mounted once in the layout (issue 36, decision 273). At sign-in, and on each visit while
 * signed in, the browser's hearts meet the account's (api/favourites, loaded only then);
 * once signed out, an account's list is not left in this browser for the next person.
 * A failed sync is silent: the hearts keep what the browser had, and the next visit retries.
 */
export function FavouritesSync({ subject, isSignedOut, isSignedOutNow }: FavouritesSyncProps) {
  useEffect(() => {
    if (subject) {
      void import('../../api/favourites')
        .then(({ syncFavourites }) => syncFavourites(subject))
        .catch(() => {})
      return
    }
    const { owner, replace } = useFavouritesStore.getState()
    if (isSignedOut && owner !== null && isSignedOutNow()) replace([], null)
  }, [subject, isSignedOut, isSignedOutNow])
  return null
}
