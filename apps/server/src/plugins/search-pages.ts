import crypto from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { cutSearch } from '@tavlin/contracts'
import { assemblePage, type Template } from '../lib/index-template.js'
import { searchWordsOf } from '../lib/search-text.js'
import { letWaitingRequestsIn, type ThreadPace } from '../lib/thread-pace.js'
import { BUSY_RETRY_SECONDS, sendBusy } from './page-render-guard.js'
import { matchesEtag } from './kept-pages.plugin.js'

/** The lists a visitor searches in the page's address (`?filter=`), by the page's path. */
const SEARCHABLE = { '/products': 'products', '/recipes': 'recipes' } as const
export type SearchableKind = (typeof SEARCHABLE)[keyof typeof SEARCHABLE]

/** Whether a search of `kind` for `filter` finds anything at all, in any category and on any page. */
export type SearchFinds = (kind: SearchableKind, filter: string) => Promise<boolean>

/** Search engines are asked not to keep a page of no results (it is the list's page, `canonical` says so). */
const NOT_INDEXED = '<meta name="robots" content="noindex">'

/**
 * The search a page's address asks for, as the page itself would search it (the web app's
 * `cutSearch` and trim): undefined for any other address, and for a search of no words
 * (punctuation alone), which filters nothing and lists everything.
 */
export function searchOf(url: string): { kind: SearchableKind; filter: string } | undefined {
  const { pathname, searchParams } = new URL(url, 'http://page.invalid')
  const kind = SEARCHABLE[pathname as keyof typeof SEARCHABLE] as SearchableKind | undefined
  if (!kind) return undefined
  const filter = cutSearch(searchParams.get('filter') ?? '').trim()
  return searchWordsOf(filter).length > 0 ? { kind, filter } : undefined
}

/**
 * A search that finds nothing is answered without a render (decision 287): every unique
 * string a crawler walks would otherwise be a render of its own, lined up and counted with
 * the shoppers' (decision 272), and kept under its own address for nobody. It costs the one
 * search query instead, and gets the built page with the list's head and `noindex`: the
 * browser shows "no products found" as it does after a search typed in the shop. Answers
 * false for every other address (a search that finds something is rendered and kept).
 */
export function noMatchSearchPage(
  { searchFinds: finds, renderGuard }: { searchFinds?: SearchFinds; renderGuard?: { pace?: ThreadPace } },
  pageHead: (path: string) => Promise<{ statusCode: number; head: string }>,
  currentTemplate: () => Promise<Template>,
) {
  const pace = renderGuard?.pace
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const search = searchOf(request.url)
    if (!search || !finds) return false
    // A crawler's flood of them waits for the thread's quiet moments, as renders do (decision 297).
    const answer = () => answerNoMatch(finds, search, request, reply)
    if (!pace) return answer()
    const paced = pace.tryRun(answer)
    if (paced) return paced
    await sendBusy(reply, 503, BUSY_RETRY_SECONDS)
    return true
  }

  async function answerNoMatch(
    finds: SearchFinds,
    search: { kind: SearchableKind; filter: string },
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<boolean> {
    await letWaitingRequestsIn()
    if (await finds(search.kind, search.filter)) return false
    const [{ parts }, head] = await Promise.all([
      currentTemplate(),
      pageHead(request.url.split('?')[0] ?? '/'),
    ])
    const html = assemblePage(parts, `${head.head}${NOT_INDEXED}`, undefined)
    const etag = `W/"${crypto.createHash('sha1').update(html).digest('base64url')}"`
    void reply.header('etag', etag)
    if (matchesEtag(request.headers['if-none-match'], etag)) await reply.code(304).send()
    else await reply.code(head.statusCode).send(html)
    return true
  }
}
