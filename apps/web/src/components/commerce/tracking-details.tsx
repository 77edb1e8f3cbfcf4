import type { OrderTracking } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { Ltr } from '../ui/isolate'

/**
 * An order's courier and tracking number (issue 41), as the shopper's account, the order's
 * status page and the admin show it. The number is isolated left to right; the courier's
 * page opens in a new tab, and the shop never asks the courier anything itself.
 */
export function TrackingDetails({ tracking }: { tracking: OrderTracking }) {
  const { t } = useTranslation()
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="font-semibold">{t('tracking.courier')}</dt>
      <dd>{tracking.courierName}</dd>
      <dt className="font-semibold">{t('tracking.number')}</dt>
      <dd>
        <Ltr>{tracking.trackingNumber}</Ltr>
        {tracking.trackingUrl && (
          <>
            {' · '}
            <a
              href={tracking.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-primary underline underline-offset-2"
            >
              {t('tracking.link', { courier: tracking.courierName })}
              <span className="sr-only"> {t('tracking.linkNewTab')}</span>
            </a>
          </>
        )}
      </dd>
    </dl>
  )
}
