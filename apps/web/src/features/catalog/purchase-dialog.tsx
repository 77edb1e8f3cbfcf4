import { lazy } from 'react'
import { useTranslation } from '../../lib/i18n'
import type { Product } from '@tavlin/contracts'
import { isSoldOut } from '../../components/commerce/stock-count'
import { LazyDialogButton } from '../../components/ui/lazy-dialog-button'

// The popup and Radix Dialog with it load on the first click, not with the product page.
const loadPopup = () => import('./purchase-popup')
const PurchasePopup = lazy(() => loadPopup().then((module) => ({ default: module.PurchasePopup })))

/** The product page's buy button and the purchase popup it opens (spec §4). */
export function PurchaseDialog({ product }: { product: Product }) {
  const { t } = useTranslation()
  if (product.pricing.every((option) => isSoldOut(option.stock)))
    return (
      <button
        type="button"
        disabled
        aria-label={t('stock.soldOutNamed', { name: product.name })}
        className="cursor-not-allowed rounded-full border border-line bg-surface-2 px-8 py-3 text-lg font-bold text-muted"
      >
        {t('stock.soldOut')}
      </button>
    )
  return (
    <LazyDialogButton
      load={loadPopup}
      renderDialog={(props) => <PurchasePopup product={product} {...props} />}
      className="rounded-full bg-primary px-8 py-3 text-lg font-bold text-on-primary transition-colors hover:bg-primary-hover"
    >
      {t('catalog.buy')}
    </LazyDialogButton>
  )
}
