import { PAGE_HEAD_ATTRIBUTE, headElements, type PageHead } from '@tavlin/contracts'
import { escapeHtml } from '../../lib/html.js'

/**
 * The page's head elements as HTML, each marked with `data-page-head` so the SPA
 * updates these very elements instead of adding its own next to them.
 */
export function renderHead(head: PageHead): string {
  const mark = PAGE_HEAD_ATTRIBUTE
  return headElements(head)
    .map((element) => {
      switch (element.kind) {
        case 'title':
          return `<title ${mark}>${escapeHtml(element.text)}</title>`
        case 'meta':
          return `<meta ${mark} ${element.attribute}="${escapeHtml(element.key)}" content="${escapeHtml(element.content)}" />`
        case 'link':
          return `<link ${mark} rel="${element.rel}" href="${escapeHtml(element.href)}" />`
        case 'json-ld':
          // Already safe inside <script>: serializeJsonLd escapes every `<`, `>` and `&`.
          return `<script ${mark} type="application/ld+json">${element.json}</script>`
      }
    })
    .join('\n    ')
}
