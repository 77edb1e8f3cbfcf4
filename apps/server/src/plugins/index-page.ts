import crypto from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { assemblePage, type Template } from '../lib/index-template.js'
import type { CachedPage, PageCache } from '../lib/page-cache.js'
import type { PageRenderer, ReadAnswers } from '../lib/page-renderer.js'
import { headersToKeep, matchesEtag } from './kept-pages.plugin.js'

/** The head a page's address gets (HTML elements) and the status it is answered with. */
export type PageHeadSource = (path: string) => Promise<{ statusCode: number; head: string }>

const etagOf = (body: string | Buffer) => `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`

/**
 * A rendered page, kept for the next visits when it may be. Done once per render: the visits
 * that shared it (decision 297) are all sent the kept page.
 */
export function keepRendered(
  reply: FastifyReply,
  cache: PageCache,
  version: number,
  url: string,
  rendered: RenderedIndexPage,
): { rendered: RenderedIndexPage; kept?: CachedPage } {
  if (!rendered.cacheable) return { rendered }
  const body = Buffer.from(rendered.html)
  const kept = cache.put(version, url, rendered.variant, rendered.random, body, etagOf(body))
  kept.headers = headersToKeep(reply)
  if (rendered.source) kept.source = rendered.source
  return { rendered, kept }
}

export function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  { statusCode, html }: { statusCode: number; html: string },
) {
  const etag = etagOf(html)
  void reply.header('etag', etag)
  if (statusCode === 200 && matchesEtag(request.headers['if-none-match'], etag)) {
    return reply.code(304).send()
  }
  return reply.code(statusCode).send(html)
}

export type RenderedIndexPage = Awaited<ReturnType<typeof renderIndexPage>>

/** The page as this visit gets it, and whether another visit may get the same bytes. */
export async function renderIndexPage(
  request: FastifyRequest,
  variant: number,
  {
    currentTemplate,
    pageHead,
    renderer,
    answers,
  }: {
    currentTemplate: () => Promise<Template>
    pageHead: PageHeadSource
    renderer: PageRenderer | undefined
    answers?: ReadAnswers
  },
) {
  const { built, parts } = await currentTemplate()
  const [head, page] = await Promise.allSettled([
    pageHead(request.url.split('?')[0] ?? '/'),
    renderer?.render(new URL(request.url, 'http://page.invalid'), answers),
  ])
  let statusCode = 200
  let html = built
  if (head.status === 'fulfilled') {
    statusCode = head.value.statusCode
    const rendered = page.status === 'fulfilled' ? page.value : undefined
    html = assemblePage(parts, head.value.head, rendered)
  } else {
    // The page still works without its head (the SPA writes one), so a failed
    // catalogue read costs the crawlers' view of it, not the visit.
    request.log.warn({ err: head.reason }, 'page head unavailable; serving index.html as built')
  }
  // The browser renders the page then, as it does without a renderer.
  if (page.status === 'rejected') request.log.warn({ err: page.reason }, 'page not rendered on the server')
  // Only a whole page is kept: not a 404, not one whose head or content failed, and not
  // the private pages (admin, thank-you, payment pending), which the renderer leaves out.
  const rendered = page.status === 'fulfilled' ? page.value : undefined
  const cacheable = statusCode === 200 && head.status === 'fulfilled' && rendered !== undefined
  const source =
    head.status === 'fulfilled' && rendered?.reads
      ? { reads: rendered.reads, head: head.value.head }
      : undefined
  return { statusCode, html, cacheable, random: rendered?.random === true, variant, source }
}
