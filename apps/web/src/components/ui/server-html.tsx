import type { MouseEvent, ReactNode } from 'react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useIsHydrated } from '../../hooks/use-is-hydrated'
import { scrollToTop } from '../../hooks/use-scroll-to-top'

type ServerHtmlProps = {
  /**
   * Names this part's HTML in the server's page; include what the content depends on (a
   * product's id), so a page showing other content renders its own instead of the old.
   */
  id: string
  /** The element that holds the part (no wrapper of its own), `div` unless told. */
  as?: 'div' | 'nav' | 'section'
  className?: string
  'aria-labelledby'?: string
  /** Text and links only: nothing in it may need a handler, state or later data. */
  children: ReactNode
}

/**
 * A part of a server-rendered page with nothing to do — the footer's links, a product's
 * features and labelling, a recipe's steps — that stays the server's HTML and never hydrates
 * (decision 289). While the app hydrates the server's page, it reads the part's HTML from the
 * page and hands it back as `dangerouslySetInnerHTML`: React keeps those nodes and does no
 * work inside them. Rendered anywhere else (the server, a page reached by client-side
 * navigation, another product), its children render as usual. Its links keep client routing
 * through one delegated click handler.
 */
export function ServerHtml({ id, as: Tag = 'div', children, ...attributes }: ServerHtmlProps) {
  // False while the browser hydrates the server's page (and on the server), true otherwise.
  const isHydrated = useIsHydrated()
  const [serverHtml] = useState(() => (isHydrated ? null : { id, html: readServerHtml(id) }))
  const navigate = useNavigate()

  const html = serverHtml?.id === id ? serverHtml.html : null
  if (html === null) {
    return (
      <Tag key="rendered" data-server-html={id} {...attributes}>
        {children}
      </Tag>
    )
  }
  const followLink = (event: MouseEvent<HTMLElement>) => {
    const to = internalLinkTarget(event)
    if (to === null) return
    event.preventDefault()
    const isSamePage = to.split('#')[0] === window.location.pathname + window.location.search
    // A link to the page already shown changes nothing but the scroll, as the footer's links do.
    if (isSamePage) scrollToTop()
    else void navigate(to)
  }
  return (
    // The part's links are ordinary links; this only spares them a full page load.
    <Tag
      key="server"
      data-server-html={id}
      {...attributes}
      onClick={followLink}
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  )
}

/** The part's HTML in the page the server sent, or null when the page has none (or no DOM). */
function readServerHtml(id: string): string | null {
  if (typeof document === 'undefined') return null
  for (const element of document.querySelectorAll('[data-server-html]')) {
    if (element.getAttribute('data-server-html') === id) return element.innerHTML
  }
  return null
}

/** The app path a plain left click on a same-origin link in the part goes to, or null. */
function internalLinkTarget(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0) return null
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const anchor = event.target instanceof Element ? event.target.closest('a') : null
  if (!anchor || !event.currentTarget.contains(anchor) || anchor.hasAttribute('download')) return null
  if (anchor.target && anchor.target !== '_self') return null
  const url = new URL(anchor.href, window.location.href)
  if (url.origin !== window.location.origin) return null
  return url.pathname + url.search + url.hash
}
