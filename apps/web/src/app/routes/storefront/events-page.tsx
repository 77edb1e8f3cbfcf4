import { useId } from 'react'
import { useTranslation } from '../../../lib/i18n'
import { EventInquiryForm } from '../../../features/forms/event-inquiry-form'
import { usePageMeta } from '../../../hooks/use-page-meta'

const KINDS = ['tasting', 'workshop', 'catering', 'corporate'] as const
const KIND_DOTS = ['bg-primary', 'bg-saffron', 'bg-olive', 'bg-primary'] as const

export function Component() {
  const { t } = useTranslation()
  const formHeadingId = useId()
  usePageMeta({ title: t('pages.events.title'), description: t('pages.events.description') })
  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 md:px-6 md:py-16 lg:grid-cols-[1fr_1.2fr]">
      <section>
        <h1 className="text-3xl font-extrabold tracking-tight md:text-5xl">{t('pages.events.title')}</h1>
        <p className="mt-3 text-xl font-semibold text-primary md:text-2xl">{t('forms.events.heading')}</p>
        <p className="mt-5 max-w-prose text-lg text-muted">{t('forms.events.intro')}</p>
        <h2 className="mt-8 text-lg font-bold">{t('forms.events.kinds.title')}</h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {KINDS.map((kind, index) => (
            <li key={kind} className="flex items-center gap-3 rounded-2xl bg-surface-2 px-4 py-3">
              <span aria-hidden="true" className={`size-3 shrink-0 rounded-full ${KIND_DOTS[index]}`} />
              {t(`forms.events.kinds.${kind}`)}
            </li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby={formHeadingId}
        className="rounded-3xl border border-line bg-surface p-6 shadow-sm md:p-8"
      >
        <h2 id={formHeadingId} className="mb-5 text-2xl font-bold">
          {t('forms.events.formTitle')}
        </h2>
        <EventInquiryForm />
      </section>
    </div>
  )
}
