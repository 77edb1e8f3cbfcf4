import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { Link } from 'react-router'
import { shopQueries } from '../../api/shop'
import { paths } from '../../config/paths'
import { Ltr, keepHyphenatedWords } from '../../components/ui/isolate'

const linkClass = 'font-medium text-primary underline underline-offset-4'

/**
 * The distance-sale disclosure shown before payment (Consumer Protection Law §14ג):
 * who sells, how payment and delivery work, and how to cancel and what it costs.
 * The items and the total with shipping are in the order summary beside it.
 */
export function CheckoutDisclosure() {
  const { t } = useTranslation()
  const headingId = useId()
  const { data } = useQuery(shopQueries.details())
  const options = useQuery(shopQueries.paymentOptions()).data
  if (!data) return null
  return (
    <section aria-labelledby={headingId} className="mt-10 max-w-prose rounded-2xl bg-surface-2 p-6">
      <h2 id={headingId} className="mb-3 text-xl font-bold">
        {t('legal.disclosure.title')}
      </h2>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t('legal.disclosure.seller')}</dt>
        <dd>
          {data.legalName}, {t('legal.details.businessNumber')} <Ltr>{data.businessNumber}</Ltr>,{' '}
          {keepHyphenatedWords(data.address)}, <Ltr>{data.phone}</Ltr>, <Ltr>{data.email}</Ltr>
        </dd>
        <dt className="font-semibold">{t('legal.disclosure.payment')}</dt>
        <dd>
          {t('legal.disclosure.paymentTerms')}
          {options && (
            <>
              {' '}
              {t('legal.disclosure.paymentMethods', {
                methods: options.methods.map((method) => t(`paymentOptions.methods.${method}`)).join(', '),
              })}{' '}
              {options.maxInstallments > 1
                ? t('legal.disclosure.installmentsUpTo', { count: options.maxInstallments })
                : t('legal.disclosure.installmentsNone')}
            </>
          )}
        </dd>
        <dt className="font-semibold">{t('legal.disclosure.delivery')}</dt>
        {/* Written by the server from the delivery methods, as the terms and the e-mail are (issue 35). */}
        <dd>{data.delivery}</dd>
        <dt className="font-semibold">{t('legal.disclosure.cancel')}</dt>
        <dd>
          {t('legal.disclosure.cancelTerms')}{' '}
          <Link to={paths.cancelOrder} className={linkClass}>
            {t('legal.links.cancelOrder')}
          </Link>
          {' · '}
          <Link to={paths.terms} className={linkClass}>
            {t('legal.links.terms')}
          </Link>
        </dd>
      </dl>
    </section>
  )
}
