import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { shopQueries } from '../../api/shop'
import { Ltr, keepHyphenatedWords, telHref } from '../../components/ui/isolate'

/**
 * The shop's address, phone, e-mail and hours, with a link that opens a map app. The first
 * three are the business details the owner enters (footer, checkout, terms, e-mails): one
 * source, so the contact page never names another address (issue 35).
 */
export function ContactDetails() {
  const { t } = useTranslation()
  const details = useQuery(shopQueries.details()).data
  if (!details) return null
  const mapUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(details.address)}`
  return (
    <dl className="grid gap-5">
      <div>
        <dt className="text-sm font-semibold text-muted">{t('forms.contact.addressLabel')}</dt>
        <dd className="mt-1 text-lg">
          <address className="not-italic">{keepHyphenatedWords(details.address)}</address>
          <a
            href={mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-block font-semibold text-primary underline-offset-4 hover:underline"
          >
            {t('forms.contact.openMap')} <span className="sr-only">{t('forms.contact.newTab')}</span>
          </a>
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold text-muted">{t('forms.contact.phoneLabel')}</dt>
        <dd className="mt-1 text-lg">
          <a href={telHref(details.phone)} className="hover:text-primary">
            <Ltr>{details.phone}</Ltr>
          </a>
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold text-muted">{t('forms.contact.emailLabel')}</dt>
        <dd className="mt-1 text-lg">
          <a href={`mailto:${details.email}`} dir="ltr" className="break-all hover:text-primary">
            {details.email}
          </a>
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold text-muted">{t('forms.contact.hoursLabel')}</dt>
        <dd className="mt-1">
          <ul className="flex flex-col gap-0.5">
            {/* Hours stay left to right: in RTL text "9:00–19:00" was drawn as "19:00–9:00". */}
            <li>
              {t('forms.contact.hours.weekdays')}: <Ltr>{t('forms.contact.hours.weekdaysTime')}</Ltr>
            </li>
            <li>
              {t('forms.contact.hours.friday')}: <Ltr>{t('forms.contact.hours.fridayTime')}</Ltr>
            </li>
            <li>
              {t('forms.contact.hours.saturday')}: {t('forms.contact.hours.closed')}
            </li>
          </ul>
        </dd>
      </div>
    </dl>
  )
}
