import { useQuery } from '@tanstack/react-query'
import { deliveryWindow, formatDeliveryWindow, type ThankYou } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { configQueries } from '../../api/config'
import { deliveryLine } from '../../components/commerce/delivery-text'

/**
 * How the order comes (issue 19): the method it was placed with (name – zone; for pickup the
 * address and opening hours) and the estimate from the method's days. An order from before
 * delivery methods (`delivery` null) has the shop's one setting, as the terms and e-mail say.
 */
export function ThankYouDelivery({ order }: { order: ThankYou }) {
  const { t, i18n } = useTranslation()
  const method = order.delivery
  const { data: config } = useQuery({ ...configQueries.public(), enabled: method === null })
  const days = method ? { min: method.daysMin, max: method.daysMax } : config?.deliveryDays
  const isPickup = method?.kind === 'pickup'
  if (!method && !days) return null
  return (
    <dl className="grid gap-3 rounded-2xl bg-surface-2 p-4">
      {method && (
        <div>
          <dt className="text-sm text-muted">{t('thankYou.deliveryMethod')}</dt>
          <dd className="text-lg font-semibold">{deliveryLine(method.name, method.zoneName)}</dd>
          {method.pickupAddress && <dd>{t('delivery.pickupAt', { address: method.pickupAddress })}</dd>}
          {method.openingHours && (
            <dd className="whitespace-pre-line">
              {t('delivery.openingHours', { hours: method.openingHours })}
            </dd>
          )}
        </div>
      )}
      {days && (
        <div>
          <dt className="text-sm text-muted">
            {t(isPickup ? 'thankYou.readyTitle' : 'thankYou.deliveryTitle')}
          </dt>
          <dd className="text-lg font-semibold">
            {formatDeliveryWindow(deliveryWindow(new Date(order.createdAt), days), i18n.language)}
          </dd>
          <dd className="text-sm text-muted">
            {t(isPickup ? 'thankYou.pickupDays' : 'thankYou.deliveryDays', { min: days.min, max: days.max })}
          </dd>
        </div>
      )}
    </dl>
  )
}
