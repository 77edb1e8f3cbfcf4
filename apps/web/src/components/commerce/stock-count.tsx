import { useTranslation } from '../../lib/i18n'

/** A stock count in the admin lists: the number, "אזל מהמלאי" at 0, "ללא מעקב" when not tracked. */
export function StockCount({ stock }: { stock: number | null | undefined }) {
  const { t } = useTranslation()
  if (stock === null || stock === undefined)
    return <span className="text-muted">{t('admin.stock.untracked')}</span>
  if (stock === 0)
    return <span className="font-semibold text-red-700 dark:text-red-300">{t('stock.soldOut')}</span>
  return <span>{stock}</span>
}

/** Whether a size or package can be bought: untracked, or some units left. */
export function isSoldOut(stock: number | null | undefined): boolean {
  return stock === 0
}
