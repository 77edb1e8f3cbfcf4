import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { formatShekels, type OrderRefunds } from '@tavlin/contracts'
import { cancellationQueries, providerReasonOf, useRefundOrder } from '../../api/cancellations'
import { TextField, submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { Price } from '../../components/commerce/price'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { toast } from '../../lib/notify'
import { isApiError } from '../../lib/api-error'
import { useErrorText } from '../../hooks/use-error-text'
import { ConfirmDialog, useConfirmation } from '../../components/ui/confirm-dialog'
import { formatDateTime } from './order-format'

const sectionTitle = 'mb-2 text-lg font-bold'

/**
 * The receipt and the refunds of one order, and a refund without a notice (a phone call):
 * the amount, the cancellation fee kept, and the provider's own reason when it refuses.
 */
export function OrderRefundPanel({ orderId, number }: { orderId: string; number: string }) {
  const { t } = useTranslation()
  const summary = useQuery(cancellationQueries.refunds(orderId))
  if (summary.isPending) return <Spinner size="sm" />
  if (summary.isError) return null
  const data = summary.data
  return (
    <section aria-labelledby={`refunds-${orderId}`}>
      <h3 id={`refunds-${orderId}`} className={sectionTitle}>
        {t('cancellation.refundPanel.title')}
      </h3>
      <p className="mb-2">
        {data.documentUrl ? (
          <a href={data.documentUrl} target="_blank" rel="noreferrer" className="text-primary underline">
            {t('cancellation.refundPanel.receipt')}
          </a>
        ) : (
          <span className="text-muted">{t('cancellation.refundPanel.noReceipt')}</span>
        )}
      </p>
      <RefundTotals data={data} />
      {data.refundable > 0 ? (
        <RefundForm
          order={{ id: orderId, number }}
          refundable={data.refundable}
          suggestedFee={data.suggestedFee}
        />
      ) : (
        <p className="text-muted">{t('cancellation.refundPanel.nothing')}</p>
      )}
    </section>
  )
}

function RefundTotals({ data }: { data: OrderRefunds }) {
  const { t } = useTranslation()
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt>{t('cancellation.refundPanel.refunded')}</dt>
        <dd dir="ltr" className="text-end">
          <Price amount={data.refunded} />
        </dd>
        <dt>{t('cancellation.refundPanel.refundable')}</dt>
        <dd dir="ltr" className="text-end">
          <Price amount={data.refundable} />
        </dd>
      </dl>
      {data.refunds.length > 0 && (
        <ol className="my-2 flex flex-col gap-1">
          {data.refunds.map((refund) => (
            <li key={refund.at} className="flex flex-wrap gap-x-3">
              <span className="font-semibold">
                {t('cancellation.refundPanel.entry', {
                  amount: formatShekels(refund.amount),
                  fee: formatShekels(refund.fee),
                })}
              </span>
              <span className="text-muted">{formatDateTime(refund.at)}</span>
              <span className="text-muted" dir="auto">
                {refund.actorEmail ?? '—'}
              </span>
              {refund.documentUrl && (
                <a
                  href={refund.documentUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="text-primary underline"
                >
                  {t('cancellation.refundPanel.document')}
                </a>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  )
}

type RefundFormProps = { order: { id: string; number: string }; refundable: number; suggestedFee: number }

function RefundForm({ order, refundable, suggestedFee }: RefundFormProps) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const refund = useRefundOrder()
  const confirmation = useConfirmation()
  const [amount, setAmount] = useState(String(refundable))
  const [fee, setFee] = useState('0')
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const fieldText = useErrorText()
  const send = (input: { amount: number; fee: number }) =>
    refund.mutateAsync({ orderId: order.id, input }).then(
      () => toast.success(t('cancellation.refundPanel.done', { amount: formatShekels(input.amount) })),
      (error: unknown) => {
        const fields = fieldErrorsOf(error)
        setFieldErrors(fields)
        if (fields.amount || fields.fee) return
        const reason = providerReasonOf(error)
        toast.error(
          reason
            ? t('cancellation.refundPanel.refused', { reason })
            : t('cancellation.refundPanel.failed', { message: errorText(error) }),
        )
      },
    )
  // Money goes back at once and for good: the owner sees the amount and the fee first (issue 35).
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    setFieldErrors({})
    const input = { amount: Number(amount), fee: Number(fee) || 0 }
    const shown = { amount: formatShekels(input.amount), fee: formatShekels(input.fee), number: order.number }
    confirmation.request(order.number, () => send(input), {
      title: t('cancellation.refundConfirm.title'),
      description: t('cancellation.refundConfirm.description', shown),
      confirm: t('cancellation.refundConfirm.confirm', shown),
    })
  }
  return (
    <>
      <form className="mt-2 flex flex-wrap items-end gap-3" onSubmit={onSubmit}>
        <TextField
          label={t('cancellation.refundPanel.amount')}
          inputMode="decimal"
          dir="ltr"
          value={amount}
          error={fieldText(fieldErrors.amount)}
          onChange={(event) => setAmount(event.target.value)}
        />
        <TextField
          label={t('cancellation.refundPanel.fee')}
          hint={`${t('cancellation.refundPanel.suggestedFee')}: ${formatShekels(suggestedFee)}`}
          inputMode="decimal"
          dir="ltr"
          value={fee}
          error={fieldText(fieldErrors.fee)}
          onChange={(event) => setFee(event.target.value)}
        />
        <button
          type="submit"
          className={submitButtonClass}
          disabled={refund.isPending || !(Number(amount) > 0)}
        >
          {t('cancellation.refundPanel.submit')}
        </button>
        {refund.isPending && <Spinner size="sm" />}
      </form>
      <ConfirmDialog {...confirmation.dialogProps} />
    </>
  )
}

type FieldErrors = { amount?: string; fee?: string }

/** The server's message keys for the amount and the fee (refund.validation.*), each on its field. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!isApiError(error) || error.code !== 'VALIDATION_ERROR' || !Array.isArray(error.details)) return {}
  const errors: FieldErrors = {}
  for (const detail of error.details as Array<{ field?: unknown; message?: unknown }>) {
    if (typeof detail.message !== 'string') continue
    if (detail.field === 'body.amount') errors.amount = detail.message
    if (detail.field === 'body.fee') errors.fee = detail.message
  }
  return errors
}
