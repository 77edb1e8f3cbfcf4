import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { CourierInputSchema, TRACKING_PLACEHOLDER, type Courier } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { courierQueries, useAddCourier, useRemoveCourier } from '../../api/tracking'
import { FormSection } from '../../components/ui/admin-form'
import { ConfirmDialog, useConfirmation } from '../../components/ui/confirm-dialog'
import { dangerLinkButtonClass } from '../../components/ui/data-table'
import { TextField, submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { useApiErrorText, useSaveErrorToast } from '../../hooks/use-api-error-text'
import { useErrorText } from '../../hooks/use-error-text'
import { applyServerFieldErrors } from '../../lib/server-errors'
import { toast } from '../../lib/notify'

type CourierForm = z.input<typeof CourierInputSchema>
type CourierValues = z.output<typeof CourierInputSchema>

/**
 * "חברות שליחויות" (issue 41): the couriers an order's tracking number may be given with, each
 * with its public tracking address. Removing one leaves orders' numbers and links as they were.
 */
export function CouriersSection() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const list = useQuery(courierQueries.list())
  const remove = useRemoveCourier()
  const { request, dialogProps } = useConfirmation()
  const handleRemove = (courier: Courier) =>
    request(courier.name, () =>
      remove
        .mutateAsync(courier._id)
        .then(() => toast.success(t('tracking.couriers.removed', { name: courier.name })))
        .catch((error: unknown) => toast.error(t('admin.form.saveError', { message: errorText(error) }))),
    )
  return (
    <FormSection legend={t('tracking.couriers.title')}>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{t('admin.form.loadError', { message: errorText(list.error) })}</p>
      ) : list.data.length === 0 ? (
        <p className="text-muted">{t('tracking.couriers.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.data.map((courier) => (
            <li key={courier._id} className="flex flex-wrap items-baseline gap-3">
              <span className="font-semibold">{courier.name}</span>
              {/* A long address wraps anywhere on a phone; Ltr would keep it on one line. */}
              <bdi dir="ltr" className="min-w-0 text-sm text-muted break-all">
                {courier.urlPattern}
              </bdi>
              <button
                type="button"
                className={dangerLinkButtonClass}
                aria-label={`${t('admin.delivery.delete')} ${courier.name}`}
                onClick={() => handleRemove(courier)}
              >
                {t('admin.delivery.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <AddCourierForm />
      <ConfirmDialog {...dialogProps} />
    </FormSection>
  )
}

function AddCourierForm() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const saveErrorToast = useSaveErrorToast()
  const add = useAddCourier()
  const { register, handleSubmit, setError, reset, formState } = useForm<CourierForm, unknown, CourierValues>(
    {
      resolver: zodResolver(CourierInputSchema),
      defaultValues: { name: '', urlPattern: '' },
    },
  )
  const { errors } = formState
  const onSubmit = handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (courier) => {
        toast.success(t('tracking.couriers.added', { name: courier.name }))
        reset()
      },
      onError: (error) => {
        applyServerFieldErrors(error, setError)
        saveErrorToast(error)
      },
    }),
  )
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={add.isPending} className="flex flex-col gap-3">
      <TextField
        label={t('tracking.couriers.name')}
        error={errorText(errors.name?.message)}
        {...register('name')}
      />
      <TextField
        label={t('tracking.couriers.urlPattern')}
        hint={t('tracking.couriers.urlHint', { placeholder: TRACKING_PLACEHOLDER })}
        dir="ltr"
        error={errorText(errors.urlPattern?.message)}
        {...register('urlPattern')}
      />
      <button type="submit" className={`${submitButtonClass} self-start`} disabled={add.isPending}>
        {t('tracking.couriers.add')}
      </button>
    </form>
  )
}
