import type { DeliveryKind } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'

/**
 * How a delivery method's time reads (issue 19): "3–5 ימי עסקים", or one number when both
 * ends meet; for pickup, until the order is ready. Checkout, the thank-you page and the admin
 * say it alike.
 */
export function useDeliveryDaysText() {
  const { t } = useTranslation()
  return (kind: DeliveryKind, min: number, max: number) => {
    const days = min === max ? t('delivery.daysExact', { count: min }) : t('delivery.daysRange', { min, max })
    return kind === 'pickup' ? t('delivery.readyIn', { days }) : t('delivery.arrivesIn', { days })
  }
}

/** "משלוח עד הבית – צפון": a method with the zone the city fell in, when it has a name. */
export function deliveryLine(name: string, zoneName: string | null | undefined): string {
  return zoneName ? `${name} – ${zoneName}` : name
}
