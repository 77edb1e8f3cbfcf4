import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { useNavigate } from 'react-router'
import { toShekels, type CheckoutCustomer } from '@tavlin/contracts'
import { configQueries } from '../../api/config'
import { deliveryKeys } from '../../api/delivery'
import { paths } from '../../config/paths'
import { useCartStore } from '../../stores/cart-store'
import { CustomerFields } from './customer-fields'
import {
  CheckoutSummary,
  FormActions,
  MarketingConsentField,
  isMarketingTicked,
  OutOfStockAlert,
  SubmitFailure,
} from './checkout-form-parts'
import { checkoutFormSchemaFor, useCheckoutDelivery, useCheckoutRules } from './checkout-delivery'
import { DeliveryOptionsField } from './delivery-options-field'
import { computeTotals } from './totals'
import { usePlaceOrder, type DeliveryRefusal } from './use-place-order'
import { useCheckoutCoupon } from './use-checkout-coupon'
import { SavedAddressField } from './saved-address-field'
import { clearCheckoutDraft, readCheckoutDraft, saveCheckoutDraft } from './checkout-draft'

const EMPTY: CheckoutCustomer = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: { street: '', streetNum: '', city: '', entrance: '', floor: '', apartment: '', postal_code: '' },
  notes: '',
}

/**
 * The customer's part of the form, under the owner's phone rule (decision 253), starting from
 * what was typed on this device before and kept as it is typed (decision 255).
 */
function useCustomerForm() {
  const rules = useCheckoutRules()
  const schema = useMemo(() => checkoutFormSchemaFor(rules), [rules])
  const [draft] = useState(() => readCheckoutDraft(EMPTY))
  const form = useForm<CheckoutCustomer>({ resolver: zodResolver(schema), defaultValues: draft })
  const { subscribe, reset } = form
  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => saveCheckoutDraft(values) }),
    [subscribe],
  )
  const navigate = useNavigate()
  const clearCart = useCartStore((state) => state.clear)
  /** Cancel (and clear the cart): the form is emptied and the details forgotten on this device too. */
  const leave = (isClearing: boolean) => {
    if (isClearing) clearCart()
    reset(EMPTY)
    clearCheckoutDraft()
    void navigate(paths.products)
  }
  return { form, leave }
}

/** The delivery form and the order summary: loaded only when the cart has something in it. */
export function CheckoutForm() {
  const { t } = useTranslation()
  const formHeadingId = useId()
  const lines = useCartStore((state) => state.lines)
  const isEmpty = lines.length === 0
  const config = useQuery({ ...configQueries.public(), enabled: !isEmpty })

  const { form, leave } = useCustomerForm()
  const { register, control, handleSubmit, setError, setFocus, getValues, trigger } = form
  const city = useWatch({ control, name: 'address.city' })
  const delivery = useCheckoutDelivery(city, !isEmpty)
  const { groupRef, deliveryMessage, clearDeliveryMessage, refuseDelivery, onChoose } = useDeliveryGroup()
  const { option, locality } = delivery
  const coupon = useCheckoutCoupon(
    lines,
    option && locality ? { deliveryMethodId: option.method._id, city: locality } : null,
  )
  const order = usePlaceOrder(lines, { setError, setFocus, onDeliveryRefused: refuseDelivery }, coupon)

  const totals =
    config.data && delivery.query.data ? computeTotals(lines, config.data, coupon.applied, option) : null
  const { isSubmitting } = order
  const onSubmit = handleSubmit((customer, event) => {
    if (isEmpty || !totals) return
    if (!option) return refuseDelivery({ reason: 'required' })
    clearDeliveryMessage()
    order.placeOrder(customer, totals.totalPrice, option.method._id, isMarketingTicked(event))
  })

  // Cleared (the clear-cart button): CheckoutView shows the empty cart instead.
  if (isEmpty) return null

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[1.5fr_1fr]">
      <CheckoutSummary
        lines={lines}
        settings={[config, delivery.query]}
        totals={totals}
        changed={order.changed}
        coupon={coupon}
        email={() => getValues('email')}
      />
      <section
        aria-labelledby={formHeadingId}
        className="rounded-3xl border border-line bg-surface p-5 shadow-sm md:p-8"
      >
        <h2 id={formHeadingId} className="mb-5 text-xl font-bold">
          {t('checkout.formTitle')}
        </h2>
        <p className="-mt-3 mb-5 text-sm text-muted">{t('checkout.draftNote')}</p>
        <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="grid gap-4 sm:grid-cols-2">
          <fieldset disabled={isSubmitting} className="contents">
            <SavedAddressField form={form} />
            <CustomerFields
              register={register}
              control={control}
              errors={form.formState.errors}
              onCityLeft={() => void (getValues('address.city') && trigger('address.city'))}
            />
            <DeliveryOptionsField
              ref={groupRef}
              delivery={{ ...delivery, choose: onChoose(delivery.choose) }}
              error={deliveryMessage}
              chargedFee={(candidate) =>
                config.data
                  ? computeTotals(lines, config.data, coupon.applied, candidate).shippingFee
                  : toShekels(candidate.feeAgorot)
              }
            />
            <MarketingConsentField />
          </fieldset>
          {order.short.length > 0 && <OutOfStockAlert items={order.short} />}
          {order.failure && <SubmitFailure message={order.failure} />}
          <FormActions
            isSubmitting={isSubmitting}
            isRetrying={order.isRetrying}
            canSubmit={totals !== null}
            onCancel={() => leave(false)}
            onClearCart={() => leave(true)}
          />
        </form>
      </section>
    </div>
  )
}

/**
 * The delivery group's message: no option chosen at submit, or the server's refusal. The group
 * takes the focus (its first option), so the visitor lands where the choice is made.
 */
function useDeliveryGroup() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const groupRef = useRef<HTMLFieldSetElement>(null)
  const [message, setMessage] = useState<string | null>(null)
  const focus = () => {
    const target = groupRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')
    if (target) target.focus()
    else groupRef.current?.focus()
  }
  return {
    groupRef,
    deliveryMessage: message,
    clearDeliveryMessage: () => setMessage(null),
    refuseDelivery(refusal: DeliveryRefusal) {
      // The methods may have changed since the page loaded: read them again.
      if (refusal.reason === 'unavailable')
        void queryClient.invalidateQueries({ queryKey: deliveryKeys.catalog() })
      setMessage(
        refusal.reason === 'required'
          ? t('checkout.delivery.required')
          : refusal.reason === 'unavailable'
            ? t('checkout.delivery.unavailable', { city: refusal.city })
            : t('validation.deliveryMethodRequired'),
      )
      // After the render that enables the form again (a disabled field takes no focus).
      setTimeout(focus, 0)
    },
    onChoose: (choose: (id: string) => void) => (id: string) => {
      setMessage(null)
      choose(id)
    },
  }
}
