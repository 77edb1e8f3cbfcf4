import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { OrderTrackingInputSchema, TRACKABLE_STATUSES, type AdminOrder } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { courierQueries, useSaveOrderTracking } from '../../api/tracking'
import { TrackingDetails } from '../../components/commerce/tracking-details'
import { selectClass } from '../../components/ui/data-table'
import { FieldShell, TextField, submitButtonClass } from '../../components/ui/form-field'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { useErrorText } from '../../hooks/use-error-text'
import { applyServerFieldErrors } from '../../lib/server-errors'
import { toast } from '../../lib/notify'
import { sectionTitle } from './order-detail-sections'

type TrackingForm = z.input<typeof OrderTrackingInputSchema>
type TrackingValues = z.output<typeof OrderTrackingInputSchema>

/** "מעקב משלוח": the order's courier and tracking number (issue 41), shown, set or taken off. */
export function OrderTrackingSection({ order }: { order: AdminOrder }) {
  const { t } = useTranslation()
  const save = useSaveOrderTracking()
  const saveErrorToast = useSaveErrorToast()
  const isTrackable = (TRACKABLE_STATUSES as readonly string[]).includes(order.orderStatus)
  if (!isTrackable && !order.tracking) return null
  const handleClear = () =>
    save.mutate(
      { orderId: order._id, input: null },
      { onSuccess: () => toast.success(t('tracking.admin.cleared')), onError: saveErrorToast },
    )
  return (
    <section aria-labelledby={`tracking-${order._id}`}>
      <h3 id={`tracking-${order._id}`} className={sectionTitle}>
        {t('tracking.title')}
      </h3>
      {order.tracking && (
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <TrackingDetails tracking={order.tracking} />
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={handleClear}
            disabled={save.isPending}
          >
            {t('tracking.admin.clear')}
          </button>
        </div>
      )}
      {isTrackable && <TrackingFormFields order={order} />}
    </section>
  )
}

function TrackingFormFields({ order }: { order: AdminOrder }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const saveErrorToast = useSaveErrorToast()
  const couriers = useQuery(courierQueries.list())
  const save = useSaveOrderTracking()
  const { register, handleSubmit, setError, reset, formState } = useForm<
    TrackingForm,
    unknown,
    TrackingValues
  >({
    resolver: zodResolver(OrderTrackingInputSchema),
    defaultValues: { courierId: order.tracking?.courierId ?? '', trackingNumber: '' },
  })
  const { errors } = formState
  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { orderId: order._id, input: values },
      {
        onSuccess: (saved) => {
          toast.success(t('tracking.admin.saved', { number: saved?.trackingNumber ?? '' }))
          reset({ courierId: values.courierId, trackingNumber: '' })
        },
        onError: (error) => {
          applyServerFieldErrors(error, setError)
          saveErrorToast(error)
        },
      },
    ),
  )
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-wrap items-start gap-3"
      aria-busy={save.isPending}
    >
      <FieldShell
        label={t('tracking.courier')}
        error={errorText(errors.courierId && 'tracking.errors.courierRequired')}
      >
        {(control) => (
          <select {...control} {...register('courierId')} className={selectClass}>
            <option value="">{t('tracking.admin.chooseCourier')}</option>
            {couriers.data?.map((courier) => (
              <option key={courier._id} value={courier._id}>
                {courier.name}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <TextField
        label={t('tracking.number')}
        dir="ltr"
        autoComplete="off"
        hint={t('tracking.admin.numberHint')}
        error={errorText(errors.trackingNumber?.message)}
        {...register('trackingNumber')}
      />
      <button type="submit" className={`${submitButtonClass} mt-7`} disabled={save.isPending}>
        {order.tracking ? t('tracking.admin.replace') : t('tracking.admin.save')}
      </button>
    </form>
  )
}
