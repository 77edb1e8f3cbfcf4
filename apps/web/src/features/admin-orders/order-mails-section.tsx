import type { AdminOrder } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { formatDateTime } from './order-format'
import { sectionTitle } from './order-detail-sections'

/**
 * What the shopper was sent about the order, or why not (issue 41): each mail with its
 * outcome — sent, waiting for the outbox's retry, given up, switched off, no address left.
 * A queued mail no longer in the outbox was sent and then erased with the customer's details
 * (the privacy module deletes sent mail to an erased address).
 */
export function MailsSection({ order }: { order: AdminOrder }) {
  const { t } = useTranslation()
  const mails = order.mails ?? []
  return (
    <section>
      <h3 className={sectionTitle}>{t('admin.orders.detail.mails')}</h3>
      {mails.length === 0 ? (
        <p className="text-muted">{t('admin.orders.detail.noMails')}</p>
      ) : (
        <ol className="flex flex-col gap-1">
          {mails.map((mail) => (
            <li key={`${mail.step}-${mail.at}`} className="flex flex-wrap gap-x-3">
              <span className="font-semibold">{t(`admin.orders.detail.mailSteps.${mail.step}`)}</span>
              <span>
                {t(
                  `admin.orders.detail.mailOutcomes.${mail.outcome === 'queued' ? (mail.delivery ?? 'erased') : mail.outcome}`,
                )}
              </span>
              <span className="text-muted">{formatDateTime(mail.at)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
