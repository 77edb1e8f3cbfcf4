import { useQueries, type QueryObserverResult } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { packageQueries } from '../../api/packages'
import { productQueries } from '../../api/products'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import type { CartLine } from '../../stores/cart-store'
import { secondaryButtonClass } from './checkout-shared'

/**
 * What the order summary could not load: the shop's settings (`config`, the delivery methods) and each cart
 * item's details (the rows read them through the same queries, so nothing is fetched twice).
 */
export function useSummaryLoadErrors(lines: readonly CartLine[], settings: readonly QueryObserverResult[]) {
  const ids = [...new Map(lines.map((line) => [line.itemId, line.itemType])).entries()]
  const items = useQueries({
    queries: ids.map(([id, type]) =>
      type === 'Product' ? productQueries.detail(id) : packageQueries.detail(id),
    ),
  })
  const failed = settings.concat(items).filter((query) => query.isError)
  return {
    errors: failed.map((query) => query.error),
    retry: () => {
      for (const query of failed) void query.refetch()
    },
  }
}

type SummaryLoadErrorsProps = { errors: readonly unknown[]; onRetry: () => void }

/** Spec §8: the summary's loading-error message, then each error (or the generic one once). */
export function SummaryLoadErrors({ errors, onRetry }: SummaryLoadErrorsProps) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  if (errors.length === 0) return null
  const texts = [...new Set(errors.map(errorText))]
  return (
    <div
      role="alert"
      className="mb-4 grid justify-items-start gap-2 rounded-2xl border border-line bg-surface p-4"
    >
      <p className="font-medium text-red-700 dark:text-red-300">{t('checkout.summaryLoadError')}</p>
      <ul className="list-disc ps-5 text-sm">
        {texts.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <button type="button" className={secondaryButtonClass} onClick={onRetry}>
        {t('checkout.retry')}
      </button>
    </div>
  )
}
