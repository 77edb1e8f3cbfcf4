import { useId, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { paths } from '../../config/paths'
import { usePageMeta } from '../../hooks/use-page-meta'

const panelClass =
  'mx-4 my-16 max-w-xl rounded-3xl sm:mx-auto border border-line bg-surface px-6 py-10 text-center shadow-sm'
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

const secondaryLinkClass =
  'inline-flex items-center rounded-full border border-line px-5 py-2.5 font-semibold transition-colors hover:border-primary hover:text-primary'

/**
 * An unknown address, or a product, recipe or package that is not there: a calm page
 * that offers a way on (search the shop, the shop, the home page). "Unexpected
 * Application Error!" stays for real failures.
 */
export function NotFoundScreen({
  title,
  message,
}: {
  /** A catalogue page's own heading and message; the page then writes its own head. */
  title?: string
  message?: string
}) {
  const { t } = useTranslation()
  const searchId = useId()
  const navigate = useNavigate()
  const heading = title ?? t('errors.notFound.title')
  const text = message ?? t('errors.notFound.text')
  usePageMeta(message ? null : { title: heading, description: text, isIndexable: false })
  // Once the app runs, the search stays in it; before that the form is a plain GET.
  const handleSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const filter = new FormData(event.currentTarget).get('filter')
    void navigate(`${paths.products}?${new URLSearchParams({ filter: String(filter ?? '') }).toString()}`)
  }
  return (
    <section className={panelClass}>
      <p className="text-5xl font-extrabold text-primary" aria-hidden="true" dir="ltr">
        404
      </p>
      <h1 className="mt-3 text-3xl font-bold">{heading}</h1>
      {/* A product that was there a moment ago is news: announced, as before. */}
      <p role={message ? 'alert' : undefined} className="mt-3 text-lg text-muted">
        {text}
      </p>
      {/* A plain GET form: it searches the shop with or without the app's scripts. */}
      <form
        method="get"
        action={paths.products}
        role="search"
        className="mt-6 flex gap-2"
        onSubmit={handleSearch}
      >
        <label htmlFor={searchId} className="sr-only">
          {t('errors.notFound.searchLabel')}
        </label>
        <input
          id={searchId}
          type="search"
          name="filter"
          placeholder={t('errors.notFound.searchPlaceholder')}
          className="min-w-0 flex-1 rounded-full border border-line bg-surface px-5 py-2.5 text-ink placeholder:text-muted focus:border-primary"
        />
        <button
          type="submit"
          className="rounded-full bg-primary px-5 py-2.5 font-bold text-on-primary transition-colors hover:bg-primary-hover"
        >
          {t('common.search')}
        </button>
      </form>
      <nav aria-label={t('errors.notFound.waysOn')} className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={paths.products} className={secondaryLinkClass}>
          {t('errors.notFound.shop')}
        </Link>
        <Link to={paths.recipes} className={secondaryLinkClass}>
          {t('errors.notFound.recipes')}
        </Link>
        <Link to={paths.home} className={secondaryLinkClass}>
          {t('common.backHome')}
        </Link>
      </nav>
    </section>
  )
}
