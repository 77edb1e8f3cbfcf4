import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { DEFAULT_LOW_STOCK_THRESHOLD, type Favourite } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { favouritesQuery } from '../../api/favourites'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { CatalogImage } from '../../components/commerce/catalog-image'
import { FavouriteButton } from '../../components/commerce/favourite-button'
import { useLineSizeName } from '../../components/commerce/line-size'
import { Price } from '../../components/commerce/price'
import { isSoldOut } from '../../components/commerce/stock-count'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { Spinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { useCartStore } from '../../stores/cart-store'
import { hasFavourite, useFavouritesStore } from '../../stores/favourites-store'
import { sectionClass, sectionTitleClass } from './account-format'

/**
 * "מועדפים" (issue 36): the hearts the shopper keeps, each size at today's price with what
 * is left, and "הוספה לסל" from here. The server's list; a heart taken off here leaves at once.
 */
export function FavouritesSection() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const favourites = useQuery(favouritesQuery())
  const hearts = useFavouritesStore((state) => (state.owner === null ? null : state.items))
  // The browser's list mirrors the account's once synced (decision 273): what it no longer
  // has was just taken off, before the server's next answer.
  const shown = favourites.data?.items.filter((item) => hearts === null || hasFavourite(hearts, item)) ?? []

  return (
    <section id="favourites" aria-labelledby="account-favourites" className={sectionClass}>
      <h2 id="account-favourites" className={sectionTitleClass}>
        {t('account.favourites.title')}
      </h2>
      {favourites.isPending ? (
        <Spinner />
      ) : favourites.isError ? (
        <p role="alert">{errorText(favourites.error)}</p>
      ) : shown.length === 0 ? (
        <p className="text-muted">{t('account.favourites.empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {shown.map((item) => (
            <FavouriteItem key={`${item.itemType}-${item.itemId}`} item={item} />
          ))}
        </ul>
      )}
    </section>
  )
}

function FavouriteItem({ item }: { item: Favourite }) {
  const href = item.itemType === 'Package' ? paths.packageInfo(item.itemId) : paths.productInfo(item.itemId)
  return (
    <li className="flex gap-4 rounded-2xl border border-line p-4">
      <CatalogImage
        src={item.image}
        alt=""
        sizes="5rem"
        width={160}
        height={120}
        className="aspect-[4/3] w-20 shrink-0 rounded-xl"
      />
      <div className="grid flex-1 gap-2">
        <div className="flex items-start justify-between gap-2">
          <Link to={href} className="font-semibold text-primary underline-offset-4 hover:underline">
            {item.name}
          </Link>
          <FavouriteButton item={item} name={item.name} />
        </div>
        <ul className="grid gap-2">
          {item.sizes.map((size) => (
            <SizeRow key={size.size} item={item} size={size} />
          ))}
        </ul>
      </div>
    </li>
  )
}

function SizeRow({ item, size }: { item: Favourite; size: Favourite['sizes'][number] }) {
  const { t } = useTranslation()
  const sizeName = useLineSizeName()
  const add = useCartStore((state) => state.add)
  const soldOut = isSoldOut(size.stock)
  const stockText = soldOut
    ? t('stock.soldOut')
    : size.stock !== null && size.stock <= DEFAULT_LOW_STOCK_THRESHOLD
      ? t('stock.onlyLeft', { count: size.stock })
      : t('account.favourites.inStock')
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <span className="min-w-20">{sizeName(size.size)}</span>
      <Price amount={size.price} className="font-semibold" />
      <span className={soldOut ? 'font-semibold text-red-700 dark:text-red-300' : 'text-muted'}>
        {stockText}
      </span>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={soldOut}
        aria-label={t('account.favourites.addToCart', { name: item.name, size: sizeName(size.size) })}
        onClick={() => {
          add({
            itemId: item.itemId,
            itemType: item.itemType,
            size: size.size,
            price: size.price,
            quantity: 1,
          })
          toast.success(t('common.addedToCart'))
        }}
      >
        {t('common.addToCart')}
      </button>
    </li>
  )
}
