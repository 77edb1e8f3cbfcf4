import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { paths } from '../../config/paths'
import { usePageMeta } from '../../hooks/use-page-meta'

const panelClass =
  'mx-auto my-16 max-w-xl rounded-3xl border border-line bg-surface px-6 py-10 text-center shadow-sm'
const homeLinkClass =
  'mt-8 inline-flex items-center rounded-full bg-primary px-6 py-3 font-semibold text-on-primary transition-colors hover:bg-primary-hover'

/** Spec §2 generic error screen: 'Something went wrong.', 'Please try again later.' and the message. */
export function GenericErrorScreen({ message }: { message?: string }) {
  const { t } = useTranslation()
  const title = t('errors.generic.title')
  usePageMeta({ title, description: t('errors.generic.text'), isIndexable: false })
  return (
    <section className={panelClass}>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-lg text-muted">{t('errors.generic.text')}</p>
      <p className="mt-4 rounded-xl bg-surface-2 px-4 py-3 text-sm" dir="auto">
        {message || t('errors.genericError')}
      </p>
      <Link to={paths.home} className={homeLinkClass}>
        {t('common.backHome')}
      </Link>
    </section>
  )
}

/** Spec §2 router fallback: 'Unexpected Application Error!' with the status and a message. */
export function RouterFallback({ status, message }: { status: number; message: string }) {
  const { t } = useTranslation()
  const title = t('errors.routerFallback.title')
  usePageMeta({ title, description: message, isIndexable: false })
  return (
    <section className={panelClass}>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-5xl font-extrabold text-primary" dir="ltr">
        {status}
      </p>
      <p className="sr-only">{t('errors.routerFallback.status', { status })}</p>
      <p className="mt-3 text-lg text-muted">{message}</p>
      <Link to={paths.home} className={homeLinkClass}>
        {t('common.backHome')}
      </Link>
    </section>
  )
}
