import { useTranslation } from '../../lib/i18n'
import type { Product } from '@tavlin/contracts'
import { isSoldOut } from '../../components/commerce/stock-count'
import { PurchasePopupButton } from './purchase-popup'

/** The product page's buy button and the purchase popup it opens (spec §4). */
export function PurchaseDialog({ product, initialSize }: { product: Product; initialSize?: string | null }) {
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
    <PurchasePopupButton
      product={product}
      initialSize={initialSize}
      className="rounded-full bg-primary px-8 py-3 text-lg font-bold text-on-primary transition-colors hover:bg-primary-hover"
    >
      {t('catalog.buy')}
    </PurchasePopupButton>
  )
}
