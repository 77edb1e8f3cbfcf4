import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { LowStockItem, StockItemQuery } from '@tavlin/contracts'
import { stockQueries, useSaveStockSettings } from '../../api/stock'
import { linkButtonClass, tableClass, tableWrapClass, tdClass, thClass } from '../../components/ui/data-table'
import { submitButtonClass, TextField } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { StockAlertsSection } from './stock-alerts-section'
import { StockHistory } from './stock-history'
import { stockItemLabel } from './stock-item-label'

/**
 * Low stock (issue 19): every size and package at or under the owner's threshold, the
 * emptiest first, the threshold itself, and one count's history on demand.
 */
export function StockPanel() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const low = useQuery(stockQueries.low())
  const [shown, setShown] = useState<(StockItemQuery & { label: string }) | null>(null)
  return (
    <div className="flex flex-col gap-6">
      <ThresholdForm />
      <section aria-labelledby="low-stock-title" className="flex flex-col gap-3">
        <h3 id="low-stock-title" className="text-lg font-bold">
          {low.data
            ? t('admin.stock.lowTitle', { threshold: low.data.threshold })
            : t('admin.stock.lowTitleLoading')}
        </h3>
        {low.isPending ? (
          <Spinner />
        ) : low.isError ? (
          <p role="alert">{t('admin.stock.loadError', { message: errorText(low.error) })}</p>
        ) : low.data.items.length === 0 ? (
          <p className="text-muted">{t('admin.stock.empty')}</p>
        ) : (
          <>
            <LowTable items={low.data.items} onHistory={setShown} />
            {low.data.items.some((item) => item.held > 0) && (
              <p className="text-sm text-muted">{t('admin.stock.heldNote')}</p>
            )}
          </>
        )}
      </section>
      <StockAlertsSection />
      {shown && <StockHistory item={shown} label={shown.label} onClose={() => setShown(null)} />}
    </div>
  )
}

function LowTable({
  items,
  onHistory,
}: {
  items: LowStockItem[]
  onHistory: (item: StockItemQuery & { label: string }) => void
}) {
  const { t } = useTranslation()
  return (
    <div className={tableWrapClass}>
      <table className={tableClass}>
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              {t('admin.stock.item')}
            </th>
            <th scope="col" className={thClass}>
              {t('admin.stock.kind')}
            </th>
            <th scope="col" className={thClass}>
              {t('admin.stock.left')}
            </th>
            <th scope="col" className={thClass}>
              {t('admin.stock.held')}
            </th>
            <th scope="col" className={thClass}>
              {t('admin.stock.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const label = stockItemLabel(item)
            return (
              <tr key={`${item.itemId}|${item.size}`}>
                <th scope="row" className={`${tdClass} text-start`}>
                  {label}
                </th>
                <td className={tdClass}>
                  {t(item.itemType === 'Package' ? 'admin.stock.package' : 'admin.stock.product')}
                </td>
                <td className={`${tdClass} font-semibold`}>
                  {item.stock === 0 ? t('stock.soldOut') : item.stock}
                </td>
                <td className={tdClass}>{item.held}</td>
                <td className={tdClass}>
                  <button
                    type="button"
                    className={linkButtonClass}
                    aria-label={t('admin.stock.historyOf', { item: label })}
                    onClick={() =>
                      onHistory({ itemType: item.itemType, itemId: item.itemId, size: item.size, label })
                    }
                  >
                    {t('admin.stock.history')}
                  </button>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

/** The threshold, and whether an order taking an item to it e-mails the owner (decision 229). */
function ThresholdForm() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const settings = useQuery(stockQueries.settings())
  const save = useSaveStockSettings()
  const [value, setValue] = useState<string | null>(null)
  const [email, setEmail] = useState<boolean | null>(null)
  const [error, setError] = useState<string | undefined>()
  const shown = value ?? (settings.data ? String(settings.data.lowStockThreshold) : '')
  const isEmailOn = email ?? settings.data?.lowStockEmail ?? false
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const threshold = Number(shown)
    if (shown.trim() === '' || !Number.isInteger(threshold) || threshold < 0) {
      setError(t('validation.stockWhole'))
      return
    }
    setError(undefined)
    save.mutate(
      { lowStockThreshold: threshold, lowStockEmail: isEmailOn },
      {
        onSuccess: () => toast.success(t('admin.stock.thresholdSaved', { threshold })),
        onError: (failure) => toast.error(errorText(failure)),
      },
    )
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <TextField
        className="w-48"
        type="number"
        inputMode="numeric"
        min="0"
        step="1"
        dir="ltr"
        label={t('admin.stock.threshold')}
        hint={t('admin.stock.thresholdHint')}
        error={error}
        value={shown}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="flex flex-col gap-1 pb-2">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={isEmailOn}
            // Until the saved value is known, a click could not say what it changes.
            disabled={!settings.data}
            aria-describedby="low-stock-email-hint"
            onChange={(event) => setEmail(event.target.checked)}
          />
          {t('admin.stock.lowStockEmail')}
        </label>
        <p id="low-stock-email-hint" className="text-sm text-muted">
          {t('admin.stock.lowStockEmailHint')}
        </p>
      </div>
      <button type="submit" className={submitButtonClass} disabled={save.isPending}>
        {t('admin.stock.saveSettings')}
      </button>
    </form>
  )
}
