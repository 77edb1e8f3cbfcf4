import { useId } from 'react'
import { useTranslation } from '../../../lib/i18n'
import { ContactDetails } from '../../../features/forms/contact-details'
import { ContactForm } from '../../../features/forms/contact-form'
import { usePageMeta } from '../../../hooks/use-page-meta'

export function Component() {
  const { t } = useTranslation()
  const detailsHeadingId = useId()
  const formHeadingId = useId()
  usePageMeta({ title: t('pages.contact.title'), description: t('pages.contact.description') })
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 md:px-6 md:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight md:text-5xl">{t('pages.contact.title')}</h1>
      <p className="mt-2 text-xl font-semibold text-primary">{t('forms.contact.heading')}</p>
      <p className="mt-3 max-w-prose text-lg text-muted">{t('forms.contact.intro')}</p>
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_1.6fr]">
        <section
          aria-labelledby={detailsHeadingId}
          className="self-start rounded-3xl bg-surface-2 p-6 md:p-8"
        >
          <h2 id={detailsHeadingId} className="mb-5 text-2xl font-bold">
            {t('forms.contact.detailsTitle')}
          </h2>
          <ContactDetails />
        </section>
        <section
          aria-labelledby={formHeadingId}
          className="rounded-3xl border border-line bg-surface p-6 shadow-sm md:p-8"
        >
          <h2 id={formHeadingId} className="mb-5 text-2xl font-bold">
            {t('forms.contact.formTitle')}
          </h2>
          <ContactForm />
        </section>
      </div>
    </div>
  )
}
