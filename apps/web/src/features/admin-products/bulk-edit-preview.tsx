import type { ReactNode } from 'react'
import {
  PRODUCT_CATEGORIES,
  type BulkEditOutcome,
  type BulkProductState,
  type BulkRefusal,
} from '@tavlin/contracts'
import { Price } from '../../components/commerce/price'
import { tableClass, tableWrapClass, tdClass, thClass } from '../../components/ui/data-table'
import { isApiError } from '../../lib/api-error'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { useTranslation } from '../../lib/i18n'

/** A preview shows this many products; the count says how many more the change touches. */
const PREVIEW_ROWS = 50

const hebrewCategory = new Map<string, string>(
  PRODUCT_CATEGORIES.map((c) => [c.nameInEnglish, c.nameInHebrew]),
)

/** Every product the change would alter, before and after, and how many it leaves as they are. */
export function BulkEditPreview({ outcome, children }: { outcome: BulkEditOutcome; children: ReactNode }) {
  const { t } = useTranslation()
  const shown = outcome.changes.slice(0, PREVIEW_ROWS)
  return (
    <section aria-labelledby="bulk-preview-title" className="flex flex-col gap-3">
      <h3 id="bulk-preview-title" className="font-bold">
        {t('admin.bulkEdit.previewTitle')}
      </h3>
      <p>
        {t('admin.bulkEdit.previewSummary', { count: outcome.changes.length })}{' '}
        {outcome.unchanged > 0 && t('admin.bulkEdit.unchanged', { count: outcome.unchanged })}
      </p>
      {shown.length > 0 && (
        <div className={tableWrapClass}>
          <table className={tableClass}>
            <caption className="sr-only">{t('admin.bulkEdit.previewTitle')}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  {t('admin.table.name')}
                </th>
                <th scope="col" className={thClass}>
                  {t('admin.bulkEdit.before')}
                </th>
                <th scope="col" className={thClass}>
                  {t('admin.bulkEdit.after')}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((change) => (
                <tr key={change._id}>
                  <th scope="row" className={`${tdClass} text-start font-semibold`}>
                    {change.name}
                  </th>
                  <td className={tdClass}>
                    <StateLines state={change.before} other={change.after} />
                  </td>
                  <td className={tdClass}>
                    <StateLines state={change.after} other={change.before} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {outcome.changes.length > shown.length && (
        <p>{t('admin.bulkEdit.more', { count: outcome.changes.length - shown.length })}</p>
      )}
      <div>{children}</div>
    </section>
  )
}

/** Only what differs between before and after: each size's price or count, the categories, the visibility. */
function StateLines({ state, other }: { state: BulkProductState; other: BulkProductState }) {
  const { t } = useTranslation()
  const lines: Array<{ key: string; content: ReactNode }> = []
  for (const size of state.sizes) {
    const counterpart = other.sizes.find((item) => item.sizeName === size.sizeName)
    if (counterpart?.price !== size.price) {
      const content = (
        <>
          {size.sizeName}: <Price amount={size.price} />
        </>
      )
      lines.push({ key: `price-${size.sizeName}`, content })
    }
    if (counterpart?.stock !== size.stock) {
      const count =
        size.stock === null ? t('admin.bulkEdit.untracked') : t('admin.bulkEdit.units', { count: size.stock })
      lines.push({ key: `stock-${size.sizeName}`, content: `${size.sizeName}: ${count}` })
    }
  }
  if (state.categories.join() !== other.categories.join()) {
    const names = state.categories.map((name) => hebrewCategory.get(name) ?? name).join(', ')
    lines.push({ key: 'categories', content: names })
  }
  if (state.isHidden !== undefined && state.isHidden !== other.isHidden) {
    const content = state.isHidden ? t('admin.bulkEdit.hiddenState') : t('admin.bulkEdit.shownState')
    lines.push({ key: 'visibility', content })
  }
  return (
    <ul>
      {lines.map((line) => (
        <li key={line.key}>{line.content}</li>
      ))}
    </ul>
  )
}

/** A refused change names each product and why; any other failure says what went wrong. */
export function BulkEditRefusal({ error }: { error: Error | null }) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  if (!error) return null
  const refusals =
    isApiError(error) && error.code === 'BULK_EDIT_REFUSED' && Array.isArray(error.details)
      ? (error.details as BulkRefusal[])
      : []
  return (
    <div role="alert" className="font-semibold text-red-700 dark:text-red-300">
      <p>
        {refusals.length > 0
          ? t('admin.bulkEdit.refused')
          : t('admin.bulkEdit.failed', { message: errorText(error) })}
      </p>
      {refusals.length > 0 && (
        <ul className="list-disc ps-5">
          {refusals.map((item) => (
            <li key={item._id}>{t(`admin.bulkEdit.reasons.${item.reason}`, { name: item.name })}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
