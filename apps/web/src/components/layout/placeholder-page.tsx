import { useTranslation } from '../../lib/i18n'
import { usePageMeta } from '../../hooks/use-page-meta'

type PlaceholderPageProps = {
  title: string
  /** The home page keeps the bare site title in the tab. */
  isHome?: boolean
}

/** Heading-only page for routes whose content later issues build. */
export function PlaceholderPage({ title, isHome = false }: PlaceholderPageProps) {
  const { t } = useTranslation()
  usePageMeta(isHome ? {} : { title })
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 md:px-6 md:py-16">
      <div className="rounded-3xl border border-line bg-surface px-6 py-12 shadow-sm md:px-12 md:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink md:text-5xl">{title}</h1>
        <div aria-hidden="true" className="mt-5 flex gap-2">
          <span className="h-1.5 w-12 rounded-full bg-primary" />
          <span className="h-1.5 w-6 rounded-full bg-saffron" />
          <span className="h-1.5 w-3 rounded-full bg-olive" />
        </div>
        <p className="mt-6 max-w-prose text-lg text-muted">{t('pages.comingSoon')}</p>
      </div>
    </div>
  )
}
