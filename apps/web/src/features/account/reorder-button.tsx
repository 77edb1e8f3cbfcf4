import { useState } from 'react'
import type { Reorder } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { useReorder } from '../../api/account'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { submitButtonClass } from '../../components/ui/form-field'
import { useLineSizeName } from '../../components/commerce/line-size'
import { formatShekels } from '@tavlin/contracts'
import { useCartStore } from '../../stores/cart-store'
import { useCartUiStore } from '../../stores/cart-ui-store'

/**
 * "להזמין שוב": the server prices the old lines today (capped at the stock left); they go
 * into the cart, the cart opens, and what was left out or costs otherwise is said here.
 */
export function ReorderButton({ orderId }: { orderId: string }) {
  const { t } = useTranslation()
  const sizeName = useLineSizeName()
  const errorText = useApiErrorText()
  const reorder = useReorder()
  const [result, setResult] = useState<Reorder | null>(null)

  const handleReorder = () => {
    reorder.mutate(orderId, {
      onSuccess: (answer) => {
        const { add } = useCartStore.getState()
        for (const line of answer.lines) {
          add({
            itemId: line.itemId,
            itemType: line.itemType,
            size: line.size,
            quantity: line.quantity,
            price: line.price,
          })
        }
        setResult(answer)
        if (answer.lines.length > 0) useCartUiStore.getState().open()
      },
    })
  }

  const changed = result?.lines.filter((line) => line.previousPrice !== null) ?? []
  return (
    <div className="grid w-full gap-2">
      <div>
        <button
          type="button"
          className={submitButtonClass}
          onClick={handleReorder}
          disabled={reorder.isPending}
        >
          {t('account.orders.reorder')}
        </button>
      </div>
      {reorder.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(reorder.error)}
        </p>
      )}
      {result && (
        <div role="status" className="grid gap-1 text-sm">
          <p>
            {result.lines.length > 0
              ? t('account.reorder.added', { count: result.lines.length })
              : t('account.reorder.nothing')}
          </p>
          {result.skipped.length > 0 && (
            <ul className="list-disc ps-5">
              {result.skipped.map((line) => (
                <li key={`${line.itemId}-${line.size}`}>
                  {t(`account.reorder.skipped.${line.reason}`, {
                    name: line.name,
                    size: sizeName(line.size),
                  })}
                </li>
              ))}
            </ul>
          )}
          {changed.length > 0 && (
            <ul className="list-disc ps-5">
              {changed.map((line) => (
                <li key={`${line.itemId}-${line.size}`}>
                  {t('account.reorder.priceChanged', {
                    name: line.name,
                    size: sizeName(line.size),
                    before: isolated(formatShekels(line.previousPrice ?? line.price)),
                    after: isolated(formatShekels(line.price)),
                  })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}

/** A price kept left to right inside the Hebrew sentence (first-strong isolate). */
function isolated(text: string): string {
  return `\u2068${text}\u2069`
}
