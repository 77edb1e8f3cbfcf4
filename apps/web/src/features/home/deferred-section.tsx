import type { ReactNode } from 'react'
import { Suspense } from 'react'
import { RenderWhenVisible } from '../../components/ui/render-when-visible'
import { Spinner } from '../../components/ui/spinner'
import { Section } from './section'

type DeferredSectionProps = {
  /** The loaded section's heading id and title: the page's outline is whole from the start. */
  id: string
  title: string
  /**
   * min-height classes close to the loaded section's height at each width, so the
   * place is kept and nothing below it moves when the section arrives.
   */
  reserve: string
  /** The section itself, usually a React.lazy() component. */
  children: ReactNode
}

/**
 * A home section below the fold: its code and its data load when its place scrolls near,
 * not with the page (decision 007). Until then its heading stands in its reserved place.
 */
export function DeferredSection({ id, title, reserve, children }: DeferredSectionProps) {
  const placeholder = (
    <Section id={id} title={title} className={reserve}>
      <Spinner className="flex justify-center" />
    </Section>
  )
  return (
    <RenderWhenVisible placeholder={placeholder}>
      <Suspense fallback={placeholder}>{children}</Suspense>
    </RenderWhenVisible>
  )
}
