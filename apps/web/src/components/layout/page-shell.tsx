import type { ReactNode } from 'react'
import { usePageMeta } from '../../hooks/use-page-meta'

type PageShellProps = { title: string; description: string; lead?: ReactNode; children: ReactNode }

/** A list or content page: its heading (also the tab title) over the content. */
export function PageShell({ title, description, lead, children }: PageShellProps) {
  usePageMeta({ title, description })
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:px-6 md:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight md:text-5xl">{title}</h1>
      <div aria-hidden="true" className="mt-4 mb-8 flex gap-2">
        <span className="h-1.5 w-12 rounded-full bg-primary" />
        <span className="h-1.5 w-6 rounded-full bg-saffron" />
        <span className="h-1.5 w-3 rounded-full bg-olive" />
      </div>
      {lead && <div className="mb-8 max-w-prose text-lg text-muted">{lead}</div>}
      {children}
    </div>
  )
}
