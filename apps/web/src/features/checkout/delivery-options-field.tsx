import { useId, type Ref } from 'react'
import { formatShekels, toShekels, type DeliveryOption } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { Price } from '../../components/commerce/price'
import { deliveryLine, useDeliveryDaysText } from '../../components/commerce/delivery-text'
import { Spinner } from '../../components/ui/spinner'
import type { CheckoutDelivery } from './checkout-delivery'

type DeliveryOptionsFieldProps = {
  delivery: CheckoutDelivery
  /** Already translated: no option chosen, or the server's refusal. */
  error: string | null
  /**
   * What an option would really cost this cart, in shekels: 0 once the free-shipping threshold
   * or a coupon waives it, so the radio says what the summary says (issue 35).
   */
  chargedFee: (option: DeliveryOption) => number
  ref?: Ref<HTMLFieldSetElement>
}

/** "אופן המשלוח": the ways the order can go to the address's city, one to choose. */
export function DeliveryOptionsField({ delivery, error, chargedFee, ref }: DeliveryOptionsFieldProps) {
  const { t } = useTranslation()
  const errorId = useId()
  const { options, option: chosen, query } = delivery
  return (
    <fieldset
      ref={ref}
      tabIndex={-1}
      aria-describedby={error ? errorId : undefined}
      className="flex flex-col gap-3 rounded-2xl border border-line p-4 sm:col-span-2"
    >
      <legend className="px-1 font-bold">{t('checkout.delivery.title')}</legend>
      {query.isPending ? (
        <Spinner size="sm" />
      ) : query.isError ? null : delivery.needsCity ? (
        <p className="text-muted">{t('checkout.delivery.chooseCity')}</p>
      ) : options.length === 0 ? (
        <p className="font-medium">{t('checkout.delivery.none')}</p>
      ) : (
        options.map((option) => (
          <OptionRow
            key={option.method._id}
            option={option}
            fee={chargedFee(option)}
            isChecked={chosen?.method._id === option.method._id}
            onChoose={() => delivery.choose(option.method._id)}
          />
        ))
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  )
}

type OptionRowProps = { option: DeliveryOption; fee: number; isChecked: boolean; onChoose: () => void }

function OptionRow({ option, fee, isChecked, onChoose }: OptionRowProps) {
  const { t } = useTranslation()
  const daysText = useDeliveryDaysText()
  const id = useId()
  const { method } = option
  return (
    <div className="flex items-start gap-3 rounded-xl bg-surface-2 p-3 has-checked:ring-2 has-checked:ring-primary">
      <input
        id={id}
        type="radio"
        name="deliveryMethod"
        value={method._id}
        checked={isChecked}
        onChange={onChoose}
        aria-describedby={`${id}-details`}
        className="mt-1.5 size-4 shrink-0"
      />
      <div className="grid flex-1 gap-1">
        <label htmlFor={id} className="flex flex-wrap items-baseline justify-between gap-x-4 font-semibold">
          <span>{deliveryLine(method.name, option.zoneName)}</span>
          {fee === 0 ? <span>{t('checkout.delivery.free')}</span> : <Price amount={fee} />}
        </label>
        <div id={`${id}-details`} className="grid gap-0.5 text-sm text-muted">
          <p>{daysText(method.kind, method.daysMin, method.daysMax)}</p>
          {option.freeAboveAgorot !== null && fee > 0 && (
            <p>
              {t('checkout.delivery.freeAbove', { amount: formatShekels(toShekels(option.freeAboveAgorot)) })}
            </p>
          )}
          {method.pickupAddress && <p>{t('delivery.pickupAt', { address: method.pickupAddress })}</p>}
          {method.openingHours && (
            <p className="whitespace-pre-line">
              {t('delivery.openingHours', { hours: method.openingHours })}
            </p>
          )}
        </div>
      </div>
    </div>
  )
}
