import { useTranslation } from '../../lib/i18n'
import { PageShell } from '../../components/layout/page-shell'

// The terms and privacy pages are the owner's legal pages (features/legal); their old fixed
// texts here, with a delivery time of their own, are gone (issue 35).
type ContentPageProps = { page: 'about' }

/** About: sections of heading and text, all from the translation file. */
export function ContentPage({ page }: ContentPageProps) {
  const { t } = useTranslation()
  const sections = t(`content.${page}.sections`, { returnObjects: true })
  return (
    <PageShell
      title={t(`pages.${page}.title`)}
      description={t(`pages.${page}.description`)}
      lead={<p>{t(`content.${page}.lead`)}</p>}
    >
      <div className="flex max-w-prose flex-col gap-8">
        {sections.map((section) => (
          <section key={section.title}>
            <h2 className="mb-2 text-2xl font-bold">{section.title}</h2>
            <p className="text-lg leading-relaxed">{section.body}</p>
          </section>
        ))}
      </div>
    </PageShell>
  )
}
