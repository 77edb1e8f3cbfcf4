import { shortOf, type CartItemSummary } from '../../api/cart-items'
import { useTranslation } from '../../lib/i18n'
import type { CartLine } from '../../stores/cart-store'

/** A cart line asking for more than is left (issue 19): sold out, or how many are left. */
export function StockFlag({ item, line }: { item: CartItemSummary; line: CartLine }) {
  const { t } = useTranslation()
  const left = shortOf(item, line)
  if (left === null) return null
  return (
    <p className="text-sm font-semibold text-red-700 dark:text-red-300">
      {left === 0 ? t('stock.soldOut') : t('stock.onlyLeft', { count: left })}
    </p>
  )
}
