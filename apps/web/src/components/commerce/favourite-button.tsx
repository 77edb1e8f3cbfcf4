import { useTranslation } from '../../lib/i18n'
import { apiAuth } from '../../lib/api-auth'
import { isApiError } from '../../lib/api-error'
import { toast } from '../../lib/notify'
import { hasFavourite, useFavouritesStore, type FavouriteItem } from '../../stores/favourites-store'

type FavouriteButtonProps = {
  item: FavouriteItem
  /** The product's or package's name: the button's label says which one it marks. */
  name: string
  className?: string
}

// Above the card's stretched link, on a disc of its own so it reads over any picture.
const buttonClass =
  'relative z-10 inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-line bg-surface text-badge shadow-sm transition-colors hover:bg-surface-2'

/**
 * The heart (issue 36): a toggle for a product or a package, the same whatever its size. A
 * guest's hearts stay in this browser; a signed-in shopper's are saved on the server too
 * (decision 273), and a refusal undoes the press with a Hebrew message. Server-rendered
 * pages show it unpressed until the browser has read its list (decision 097).
 */
export function FavouriteButton({ item, name, className = buttonClass }: FavouriteButtonProps) {
  const { t } = useTranslation()
  const isFavourite = useFavouritesStore((state) => hasFavourite(state.items, item))

  const handleClick = () => {
    const isNow = useFavouritesStore.getState().toggle(item)
    if (!apiAuth.isSignedIn()) return
    void import('../../api/favourites')
      .then(({ saveFavourite }) => saveFavourite(item, isNow))
      .catch((error: unknown) => {
        useFavouritesStore.getState().mark(item, !isNow)
        const isGone = isApiError(error) && error.code === 'NOT_FOUND'
        toast.error(isGone ? t('favourites.gone', { name }) : t('favourites.saveFailed'), {
          toastId: `favourite-${item.itemId}`,
        })
      })
  }

  return (
    <button
      type="button"
      aria-pressed={isFavourite}
      aria-label={t(isFavourite ? 'favourites.remove' : 'favourites.add', { name })}
      className={className}
      onClick={handleClick}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill={isFavourite ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      >
        <path d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z" />
      </svg>
    </button>
  )
}
