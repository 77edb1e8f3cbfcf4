import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { configQueries } from '../../api/config'

// Digits stay as they are dialled; tel: and mailto: need no translation.
const SHOP_PHONE = '02-625-1234'
const SHOP_PHONE_LINK = 'tel:+97226251234'

/** The shop's address, phone, e-mail and hours, with a link that opens a map app. */
export function ContactDetails() {
  const { t } = useTranslation()
  // The address contact messages are sent to (SHOP_EMAIL), not one written into the page.
  const shopEmail = useQuery(configQueries.public()).data?.shopEmail
  const address = t('forms.contact.address')
  const mapUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
  return (
    <dl className="grid gap-5">
      <div>
        <dt className="text-sm font-semibold text-muted">{t('forms.contact.addressLabel')}</dt>
        <dd className="mt-1 text-lg">
          <address className="not-italic">{address}</address>
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
          <a href={SHOP_PHONE_LINK} dir="ltr" className="hover:text-primary">
            {SHOP_PHONE}
          </a>
        </dd>
      </div>
      {shopEmail && (
        <div>
          <dt className="text-sm font-semibold text-muted">{t('forms.contact.emailLabel')}</dt>
          <dd className="mt-1 text-lg">
            <a href={`mailto:${shopEmail}`} dir="ltr" className="break-all hover:text-primary">
              {shopEmail}
            </a>
          </dd>
        </div>
      )}
      <div>
        <dt className="text-sm font-semibold text-muted">{t('forms.contact.hoursLabel')}</dt>
        <dd className="mt-1">
          <ul className="flex flex-col gap-0.5">
            {/* Hours stay left to right: in RTL text "9:00–19:00" was drawn as "19:00–9:00". */}
            <li>
              {t('forms.contact.hours.weekdays')}:{' '}
              <bdi dir="ltr">{t('forms.contact.hours.weekdaysTime')}</bdi>
            </li>
            <li>
              {t('forms.contact.hours.friday')}: <bdi dir="ltr">{t('forms.contact.hours.fridayTime')}</bdi>
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
