import fs from 'node:fs'
import { RENDERED_STATE_ID } from '@tavlin/contracts'
import { escapeHtml } from './html.js'
import type { RenderedPage } from './page-renderer.js'

/** The web app's built index.html, cut where each page's head and content go. */
export type Template = {
  mtimeMs: number
  size: number
  built: string
  /** index.html up to the page's head, from the head to #root's content, and after it (null: no empty #root). */
  parts: { beforeHead: string; beforeRoot: string; afterRoot: string | null }
}

const EMPTY_ROOT = '<div id="root"></div>'

// How soon a new build's index.html is noticed. Looking for it costs a system call, once a
// second rather than on every page sent: a kept page is answered in tenths of a millisecond.
const TEMPLATE_CHECK_MS = 1000

/** Reads index.html once, and again when a new build replaces it (then calls `onNewBuild`). */
export function templateReader(indexFile: string, onNewBuild: () => void): () => Promise<Template> {
  let template: Template | undefined
  let checkedAt = -Infinity
  return async () => {
    const now = performance.now()
    if (template && now - checkedAt < TEMPLATE_CHECK_MS) return template
    checkedAt = now
    // A synchronous stat, rather than a round trip through the thread pool that queues
    // behind every other file read under load.
    const stat = fs.statSync(indexFile)
    if (template?.mtimeMs !== stat.mtimeMs || template.size !== stat.size) {
      const built = await fs.promises.readFile(indexFile, 'utf8')
      template = { mtimeMs: stat.mtimeMs, size: stat.size, built, parts: splitTemplate(built) }
      onNewBuild()
    }
    return template
  }
}

/** index.html with the page's head, and its content and state inside #root where it was rendered. */
export function assemblePage(parts: Template['parts'], head: string, page: RenderedPage | undefined): string {
  if (parts.afterRoot === null) return `${parts.beforeHead}${head}${parts.beforeRoot}`
  if (!page) return `${parts.beforeHead}${head}${parts.beforeRoot}${EMPTY_ROOT}${parts.afterRoot}`
  const { heroName } = page
  const beforeHead = heroName
    ? parts.beforeHead.replace(/<html\b/i, () => `<html data-hero="${escapeHtml(heroName)}"`)
    : parts.beforeHead
  return (
    `${beforeHead}${head}${parts.beforeRoot}<div id="root">${page.html}</div>` +
    `<script type="application/json" id="${RENDERED_STATE_ID}">${page.state}</script>${parts.afterRoot}`
  )
}

function splitTemplate(built: string): Template['parts'] {
  const { before, after } = splitAtHead(built)
  const root = after.indexOf(EMPTY_ROOT)
  if (root < 0) return { beforeHead: before, beforeRoot: after, afterRoot: null }
  return {
    beforeHead: before,
    beforeRoot: after.slice(0, root),
    afterRoot: after.slice(root + EMPTY_ROOT.length),
  }
}

/** Splits index.html where the page's head goes: at the built <title>, without the built description. */
function splitAtHead(html: string): { before: string; after: string } {
  const rest = html.replace(/<meta\s[^>]*name=["']description["'][^>]*>\s*/i, '')
  const title = /<title>[\s\S]*?<\/title>/i.exec(rest)
  const at = title ? title.index : rest.search(/<\/head>/i)
  const end = title ? title.index + title[0].length : at
  if (at < 0) return { before: rest, after: '' }
  return { before: rest.slice(0, at), after: rest.slice(end) }
}
