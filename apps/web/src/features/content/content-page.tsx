import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { configQueries } from '../../api/config'
import { PageShell } from '../../components/layout/page-shell'
import { PageSpinner } from '../../components/ui/spinner'

type ContentPageProps = { page: 'about' | 'privacy' | 'terms' }

/** About, privacy and terms: sections of heading and text, all from the translation file. */
export function ContentPage({ page }: ContentPageProps) {
  const { t } = useTranslation()
  // The terms state the delivery time from the shop's one setting (GET /api/config).
  const needsConfig = page === 'terms'
  const { data: config } = useQuery({ ...configQueries.public(), enabled: needsConfig })
  const sections = t(`content.${page}.sections`, {
    returnObjects: true,
    deliveryMin: config?.deliveryDays.min,
    deliveryMax: config?.deliveryDays.max,
  })
  const updated = page === 'about' ? undefined : t(`content.${page}.updated`)
  return (
    <PageShell
      title={t(`pages.${page}.title`)}
      description={t(`pages.${page}.description`)}
      lead={<p>{t(`content.${page}.lead`)}</p>}
    >
      {needsConfig && !config ? (
        <PageSpinner />
      ) : (
        <div className="flex max-w-prose flex-col gap-8">
          {sections.map((section) => (
            <section key={section.title}>
              <h2 className="mb-2 text-2xl font-bold">{section.title}</h2>
              <p className="text-lg leading-relaxed">{section.body}</p>
            </section>
          ))}
          {updated && <p className="text-sm text-muted">{updated}</p>}
        </div>
      )}
    </PageShell>
  )
}
