import type { ReactNode } from 'react'

type SectionProps = { id: string; title: string; action?: ReactNode; className?: string; children: ReactNode }

/** One home section: a heading (its accessible name) and its content. */
export function Section({ id, title, action, className = '', children }: SectionProps) {
  return (
    <section aria-labelledby={id} className={`mx-auto max-w-7xl px-4 py-10 md:px-6 md:py-14 ${className}`}>
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id={id} className="text-2xl font-extrabold md:text-4xl">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  )
}
