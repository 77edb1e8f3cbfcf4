import { escapeHtml } from '../../lib/html.js'

/**
 * The small Markdown the legal pages need: `##`/`###` headings, paragraphs, `-` and `1.`
 * lists, `**bold**` and `[text](address)`. Everything else is text: the input is escaped
 * before any tag is written, so no HTML from the stored text reaches the page.
 */

const SAFE_HREF = /^(\/(?!\/)|https?:\/\/|mailto:|tel:)/i

/** What is stored: HTML tags removed (the page never renders them anyway), line ends unified. */
export function sanitiseMarkdown(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .replace(/<[^>]*>/g, '')
    .trim()
}

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, href: string) => {
      // The address was escaped with the rest; &amp; stays a valid URL character reference.
      return SAFE_HREF.test(href) ? `<a href="${href}">${label}</a>` : whole
    })
}

type Block = { kind: 'p' | 'ul' | 'ol'; lines: string[] }

export function renderMarkdown(markdown: string): string {
  const out: string[] = []
  let block: Block | undefined
  const flush = () => {
    if (!block) return
    if (block.kind === 'p') out.push(`<p>${block.lines.map(inline).join(' ')}</p>`)
    else
      out.push(
        `<${block.kind}>${block.lines.map((line) => `<li>${inline(line)}</li>`).join('')}</${block.kind}>`,
      )
    block = undefined
  }
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim()
    const heading = /^(#{1,3})\s+(.*)$/.exec(line)
    const bullet = /^[-*]\s+(.*)$/.exec(line)
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line)
    if (line === '') {
      flush()
    } else if (heading) {
      flush()
      const level = Math.max(2, heading[1]!.length)
      out.push(`<h${level}>${inline(heading[2]!)}</h${level}>`)
    } else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol'
      if (block?.kind !== kind) flush()
      block ??= { kind, lines: [] }
      block.lines.push((bullet ?? numbered)![1]!)
    } else {
      if (block && block.kind !== 'p') flush()
      block ??= { kind: 'p', lines: [] }
      block.lines.push(line)
    }
  }
  flush()
  return out.join('\n')
}

/** `{{legalName}}` → the value (placeholders the texts use; an unknown name stays as written). */
export function fillPlaceholders(markdown: string, values: Record<string, string>): string {
  return markdown.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole)
}
