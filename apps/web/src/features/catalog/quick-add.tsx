import { useTranslation } from '../../lib/i18n'
import { PACKAGE_SIZE, type Package, type Product } from '@tavlin/contracts'
import { isSoldOut } from '../../components/commerce/stock-count'
import { PurchasePopupButton } from './purchase-popup'
import { toast } from '../../lib/notify'
import { useCartStore } from '../../stores/cart-store'

// Above the card's stretched link (`after:inset-0`), so a press adds to the cart, not opens the page.
const quickButtonClass =
  'relative z-10 inline-flex min-h-10 items-center rounded-full bg-primary px-4 py-2 text-sm font-bold text-on-primary transition-colors hover:bg-primary-hover'

/**
 * Buying from the shop list: one press for a product with one size, the size picker
 * (the product page's popup) for the rest. The label names the product, so a screen
 * reader's list of buttons tells the cards apart.
 */
export function ProductQuickAdd({ product }: { product: Product }) {
  const { t } = useTranslation()
  const add = useCartStore((state) => state.add)
  const [only, ...others] = product.pricing
  if (!only) return null
  if (product.pricing.every((option) => isSoldOut(option.stock))) return <SoldOutButton name={product.name} />
  if (others.length > 0) {
    return (
      <PurchasePopupButton
        product={product}
        aria-label={t('catalog.quickAdd.chooseSizeFor', { name: product.name })}
        className={quickButtonClass}
      >
        {t('catalog.quickAdd.chooseSize')}
      </PurchasePopupButton>
    )
  }
  return (
    <button
      type="button"
      aria-label={t('catalog.quickAdd.addNamed', { name: product.name })}
      className={quickButtonClass}
      onClick={() => {
        add({
          itemId: product._id,
          itemType: 'Product',
          size: only.size.sizeName,
          price: only.price,
          quantity: 1,
        })
        toast.success(t('common.addedToCart'))
      }}
    >
      {t('common.addToCart')}
    </button>
  )
}

/** A package has one size: one press adds it. */
export function PackageQuickAdd({ item }: { item: Package }) {
  const { t } = useTranslation()
  const add = useCartStore((state) => state.add)
  if (isSoldOut(item.stock)) return <SoldOutButton name={item.name} />
  return (
    <button
      type="button"
      aria-label={t('catalog.quickAdd.addNamed', { name: item.name })}
      className={quickButtonClass}
      onClick={() => {
        add({ itemId: item._id, itemType: 'Package', size: PACKAGE_SIZE, price: item.price, quantity: 1 })
        toast.success(t('common.addedToCart'))
      }}
    >
      {t('common.addToCart')}
    </button>
  )
}

/** Nothing left to sell (issue 19): the card says so and its button cannot add. */
function SoldOutButton({ name }: { name: string }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      disabled
      aria-label={t('stock.soldOutNamed', { name })}
      className="relative z-10 inline-flex min-h-10 cursor-not-allowed items-center rounded-full border border-line bg-surface-2 px-4 py-2 text-sm font-bold text-muted"
    >
      {t('stock.soldOut')}
    </button>
  )
}
