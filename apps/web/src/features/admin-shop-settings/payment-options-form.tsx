import { useEffect, useId } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import {
  MAX_INSTALLMENTS,
  PAYMENT_METHODS,
  PaymentOptionsSchema,
  type PaymentOptions,
} from '@tavlin/contracts'
import { adminShopQueries, useSavePaymentOptions } from '../../api/admin-shop'
import { FormSection } from '../../components/ui/admin-form'
import { submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { useErrorText } from '../../hooks/use-error-text'
import { toast } from '../../lib/notify'

const INSTALLMENT_CHOICES = Array.from({ length: MAX_INSTALLMENTS }, (_, index) => index + 1)

/**
 * The payment methods and installments every payment link offers (issue 32): only these
 * reach shoppers, whatever PayPlus's dashboard has switched on.
 */
export function PaymentOptionsForm() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const showSaveError = useSaveErrorToast()
  const hintId = useId()
  const installmentsId = useId()
  const { data } = useQuery(adminShopQueries.paymentOptions())
  const save = useSavePaymentOptions()
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PaymentOptions>({ resolver: zodResolver(PaymentOptionsSchema) })

  useEffect(() => {
    if (data) reset(data)
  }, [data, reset])

  if (!data) return <Spinner size="sm" />

  const onSubmit = handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => toast.success(t('paymentOptions.saved')),
      onError: showSaveError,
    }),
  )
  const methodsError = errorText(errors.methods?.message)

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={save.isPending}
      aria-labelledby={`${hintId}-title`}
      className="flex max-w-3xl flex-col gap-5"
    >
      <h3 id={`${hintId}-title`} className="text-xl font-bold">
        {t('paymentOptions.title')}
      </h3>
      <p id={hintId} className="text-muted">
        {t('paymentOptions.intro')}
      </p>
      <FormSection legend={t('paymentOptions.methodsLegend')}>
        <div className="flex flex-col gap-2" aria-describedby={hintId}>
          {PAYMENT_METHODS.map((method) => (
            <label key={method} className="flex items-center gap-2">
              <input type="checkbox" value={method} {...register('methods')} />
              {t(`paymentOptions.methods.${method}`)}
            </label>
          ))}
        </div>
        {methodsError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {methodsError}
          </p>
        )}
      </FormSection>
      <div className="flex flex-col gap-1">
        <label htmlFor={installmentsId} className="font-medium">
          {t('paymentOptions.installments')}
        </label>
        <select
          id={installmentsId}
          className="w-48 rounded-lg border border-line bg-surface px-3 py-2"
          {...register('maxInstallments', { valueAsNumber: true })}
        >
          {INSTALLMENT_CHOICES.map((count) => (
            <option key={count} value={count}>
              {count === 1 ? t('paymentOptions.noInstallments') : t('paymentOptions.upTo', { count })}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={`${submitButtonClass} self-start`} disabled={save.isPending}>
        {save.isPending ? t('shopSettings.saving') : t('paymentOptions.save')}
      </button>
    </form>
  )
}
