import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import {
  CANCELLATION_STATUSES,
  formatShekels,
  type Cancellation,
  type CancellationStatus,
} from '@tavlin/contracts'
import { cancellationQueries, providerReasonOf, useDecideCancellation } from '../../api/cancellations'
import {
  dangerLinkButtonClass,
  linkButtonClass,
  selectClass,
  tableClass,
  tableWrapClass,
  tdClass,
  thClass,
} from '../../components/ui/data-table'
import { Spinner } from '../../components/ui/spinner'
import { ConfirmDialog, useConfirmation } from '../../components/ui/confirm-dialog'
import { Price } from '../../components/commerce/price'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { toast } from '../../lib/notify'
import { formatShopDateTime } from '../../lib/shop-dates'

/** The cancellations inbox (issue 18): open notices first, approving one refunds it. */
export function CancellationsInbox() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const [status, setStatus] = useState<CancellationStatus | ''>('open')
  const list = useQuery(cancellationQueries.list(status ? { status } : {}))
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5 self-start">
        <label htmlFor="cancellations-status" className="text-sm font-semibold">
          {t('cancellation.inbox.filter')}
        </label>
        <select
          id="cancellations-status"
          className={selectClass}
          value={status}
          onChange={(event) => setStatus(event.target.value as CancellationStatus | '')}
        >
          {CANCELLATION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`cancellation.inbox.statuses.${value}`)}
            </option>
          ))}
          <option value="">{t('cancellation.inbox.all')}</option>
        </select>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{t('cancellation.inbox.loadError', { message: errorText(list.error) })}</p>
      ) : list.data.length === 0 ? (
        <p className="text-muted">{t('cancellation.inbox.empty')}</p>
      ) : (
        <InboxTable items={list.data} />
      )}
    </div>
  )
}

function InboxTable({ items }: { items: Cancellation[] }) {
  const { t } = useTranslation()
  const columns = ['order', 'customer', 'received', 'law', 'refund', 'fee', 'status', 'actions'] as const
  return (
    <div className={tableWrapClass}>
      <table className={tableClass}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={thClass}>
                {t(`cancellation.inbox.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <InboxRow key={item._id} item={item} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function InboxRow({ item }: { item: Cancellation }) {
  const { t } = useTranslation()
  return (
    <tr>
      <th scope="row" className={`${tdClass} text-start`} dir="ltr">
        {item.orderNumber}
      </th>
      <td className={tdClass}>
        {item.customerName}
        {item.message && <p className="text-muted">{item.message}</p>}
        {item.isDefect && <p className="font-semibold">{t('cancellation.inbox.defect')}</p>}
      </td>
      <td className={tdClass}>
        {/* The notice's time: sent by the signed-in owner, or confirmed from the order's e-mail (decision 238). */}
        {formatShopDateTime(item.createdAt)}
        {item.confirmedBy && (
          <span className="block text-muted">{t(`cancellation.inbox.confirmedBy.${item.confirmedBy}`)}</span>
        )}
        {item.requestedAt && (
          <span className="block text-muted">
            {t('cancellation.inbox.requestedAt', {
              date: formatShopDateTime(item.requestedAt),
            })}
          </span>
        )}
      </td>
      <td className={tdClass}>
        {item.isAllowed
          ? item.isPartial
            ? t('cancellation.inbox.partial')
            : t('cancellation.inbox.allowed')
          : t(`cancellation.inbox.refusals.${item.refusal ?? 'status'}`)}
      </td>
      <td className={tdClass} dir="ltr">
        <Price amount={item.refund} />
      </td>
      <td className={tdClass} dir="ltr">
        <Price amount={item.fee} />
      </td>
      <td className={tdClass}>{t(`cancellation.inbox.statuses.${item.status}`)}</td>
      <td className={tdClass}>{item.status === 'open' && <Decision item={item} />}</td>
    </tr>
  )
}

function Decision({ item }: { item: Cancellation }) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const decide = useDecideCancellation()
  const confirmation = useConfirmation()
  const run = (decision: 'approve' | 'reject') =>
    decide.mutateAsync({ id: item._id, decision }).then(
      () =>
        toast.success(
          t(decision === 'approve' ? 'cancellation.inbox.approved' : 'cancellation.inbox.rejected', {
            number: item.orderNumber,
          }),
        ),
      (error: unknown) => {
        const reason = providerReasonOf(error)
        toast.error(
          reason
            ? t('cancellation.refundPanel.refused', { reason })
            : t('cancellation.inbox.failed', { message: errorText(error) }),
        )
      },
    )
  // Approving refunds at once and for good: the amount and the fee are shown first (issue 35).
  const approve = () => {
    const shown = {
      amount: formatShekels(item.refund),
      fee: formatShekels(item.fee),
      number: item.orderNumber,
    }
    confirmation.request(item.orderNumber, () => run('approve'), {
      title: t('cancellation.refundConfirm.title'),
      description: t('cancellation.refundConfirm.description', shown),
      confirm: t('cancellation.refundConfirm.confirm', shown),
    })
  }
  return (
    <div className="flex flex-wrap gap-3">
      {item.isAllowed && (
        <button
          type="button"
          className={linkButtonClass}
          disabled={decide.isPending}
          aria-label={t('cancellation.inbox.approveItem', { number: item.orderNumber })}
          onClick={approve}
        >
          {t('cancellation.inbox.approve')}
        </button>
      )}
      <button
        type="button"
        className={dangerLinkButtonClass}
        disabled={decide.isPending}
        aria-label={t('cancellation.inbox.rejectItem', { number: item.orderNumber })}
        onClick={() => void run('reject')}
      >
        {t('cancellation.inbox.reject')}
      </button>
      <ConfirmDialog {...confirmation.dialogProps} />
    </div>
  )
}
