import type { ReactNode } from 'react'
import { useId } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { paths } from '../../config/paths'
import { scrollToTop } from '../../hooks/use-scroll-to-top'
import { LogoMark } from '../ui/icons'

const FOOTER_LINKS = [
  { to: paths.about, labelKey: 'footer.links.about' },
  { to: paths.products, labelKey: 'footer.links.store' },
  { to: paths.recipes, labelKey: 'footer.links.recipes' },
  { to: paths.contact, labelKey: 'footer.links.contact' },
  { to: paths.privacy, labelKey: 'footer.links.privacy' },
  { to: paths.terms, labelKey: 'footer.links.terms' },
  { to: paths.shipping, labelKey: 'legal.links.shipping' },
  { to: paths.accessibility, labelKey: 'legal.links.accessibility' },
  { to: paths.cancelOrder, labelKey: 'legal.links.cancelOrder' },
] as const

type FooterProps = {
  /** The newsletter form, composed in by the app. */
  newsletterSlot?: ReactNode
  /** The business's legal details (issue 18), composed in by the app. */
  detailsSlot?: ReactNode
  /** The shop's social pages (business details), composed in by the app; nothing when it has none. */
  socialSlot?: ReactNode
}

export function Footer({ newsletterSlot, detailsSlot, socialSlot }: FooterProps) {
  const { t } = useTranslation()
  const linksHeadingId = useId()
  const newsletterHeadingId = useId()
  const year = new Date().getFullYear()

  return (
    <footer className="mt-16 border-t border-line bg-surface-2">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-[1.2fr_1fr_1.4fr] md:px-6">
        <div className="flex flex-col gap-4">
          <Link to={paths.home} onClick={scrollToTop} className="flex w-fit items-center gap-2">
            <LogoMark className="size-9" />
            <span className="text-2xl font-extrabold text-primary">{t('app.name')}</span>
          </Link>
          <p className="max-w-xs text-muted">{t('footer.about')}</p>
          {socialSlot}
        </div>

        <nav aria-labelledby={linksHeadingId}>
          <h2 id={linksHeadingId} className="mb-3 text-lg font-bold">
            {t('footer.linksTitle')}
          </h2>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 md:grid-cols-1">
            {FOOTER_LINKS.map(({ to, labelKey }) => (
              <li key={to}>
                <Link
                  to={to}
                  // A link to the page already shown does not change the route, so scroll here too.
                  onClick={scrollToTop}
                  className="text-ink underline-offset-4 hover:text-primary hover:underline"
                >
                  {t(labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section
          aria-labelledby={newsletterHeadingId}
          className="self-start rounded-2xl bg-surface p-6 shadow-sm"
        >
          <h2 id={newsletterHeadingId} className="text-lg font-bold">
            {t('footer.subscribe.title')}
          </h2>
          <p className="mt-1 text-muted">{t('footer.subscribe.description')}</p>
          {newsletterSlot && <div className="mt-4">{newsletterSlot}</div>}
        </section>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-2 px-4 py-5 text-center md:px-6">
          {detailsSlot}
          <p className="text-sm text-muted">{t('footer.rights', { year })}</p>
        </div>
      </div>
    </footer>
  )
}
