import type { ReactNode } from 'react'
import { useState } from 'react'

type ServerHtmlProps = {
  /**
   * Names the part in the page and says what its content is: include what the content
   * depends on (a product's id), so another product's page renders its own.
   */
  id: string
  className?: string
  /**
   * Text only: nothing in it may need a handler or state, and no links (one would still
   * work, as a plain link that loads the whole page).
   */
  children: ReactNode
}

/**
 * A part of a server-rendered page with nothing to do — a product's features and labelling,
 * a recipe's steps — that stays the server's HTML and never hydrates
 * (decision 289). When it mounts while the page holds its HTML (the app hydrating the
 * server's page), it hands that HTML back as `dangerouslySetInnerHTML`: React keeps those
 * nodes and does no work inside them. Anywhere else (the server, a page reached by
 * client-side navigation, another product) its children render as usual.
 */
export function ServerHtml({ id, className, children }: ServerHtmlProps) {
  // Read once, at mount; a later mount for the same content finds the same HTML.
  const [server] = useState(() => ({
    id,
    html: globalThis.document?.querySelector(`[data-server-html="${id}"]`)?.innerHTML,
  }))
  // The keys make React replace the element when it switches between the two.
  if (server.id !== id || server.html === undefined) {
    return (
      <div key="rendered" data-server-html={id} className={className}>
        {children}
      </div>
    )
  }
  return (
    <div
      key="server"
      data-server-html={id}
      className={className}
      dangerouslySetInnerHTML={{ __html: server.html }}
      suppressHydrationWarning
    />
  )
}
