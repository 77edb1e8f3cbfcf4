import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { LegalPage } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { shopQueries } from '../../api/shop'
import { PageShell } from '../../components/layout/page-shell'
import { PageSpinner } from '../../components/ui/spinner'

// The page's HTML is written by the server from the owner's Markdown, every character
// escaped there first (modules/shop-settings/markdown.ts), so it is safe to insert.
const proseClass =
  'flex max-w-prose flex-col gap-4 text-lg leading-relaxed [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_h2]:mt-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:ps-6'

const updatedFormat = (iso: string) => {
  const [year, month, day] = iso.slice(0, 10).split('-')
  return `${Number(day)}.${Number(month)}.${year}`
}

/** Accessibility statement, terms, privacy and shipping: the owner's text, rendered by the server. */
export function LegalPageView({ page, children }: { page: LegalPage; children?: ReactNode }) {
  const { t } = useTranslation()
  const { data, isError } = useQuery(shopQueries.page(page))
  return (
    <PageShell title={t(`pages.${page}.title`)} description={t(`pages.${page}.description`)}>
      {isError ? (
        <p role="alert">{t('legal.pageError')}</p>
      ) : !data ? (
        <PageSpinner />
      ) : (
        <div className="flex flex-col gap-8">
          <div className={proseClass} dangerouslySetInnerHTML={{ __html: data.html }} />
          {data.updatedAt && (
            <p className="text-sm text-muted">
              {t('legal.updated', { date: updatedFormat(data.updatedAt) })}
            </p>
          )}
          {children}
        </div>
      )}
    </PageShell>
  )
}
