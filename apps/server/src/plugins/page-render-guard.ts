import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { PRIVATE_PAGES } from '@tavlin/contracts'
import type { AppConfig } from '../config/env.js'
import { RenderQueue } from '../lib/render-queue.js'
import { ThreadPace } from '../lib/thread-pace.js'
import { registerRouteRateLimit } from './route-rate-limit.js'

/** How long a visitor is asked to wait when the line of renders is full: a render is milliseconds. */
export const BUSY_RETRY_SECONDS = 2

/**
 * What stands before a render of a page not yet kept (decision 272): each address may cause so
 * many a minute, counted with the other rate limits (in Redis when there is one, so every
 * process counts together), and each process makes a few at once, with a bounded line.
 */
export type RenderGuard = {
  queue: RenderQueue
  /** The pace of renders and of answers to searches finding nothing (decision 297). */
  pace?: ThreadPace
  /** Counts one render for the request's address: 0 when it may go ahead, else the seconds to wait. */
  slowDown(request: FastifyRequest): Promise<number>
  /**
   * The seconds left for an address this process turned away, without counting: its next page
   * not kept is turned away before any search or check is made for it (decision 297).
   */
  stillSlowed(request: FastifyRequest): number
}

export async function createRenderGuard(
  app: FastifyInstance,
  pages: AppConfig['pages'],
  redis: Redis | null,
): Promise<RenderGuard> {
  const created: Array<ReturnType<FastifyInstance['createRateLimit']>> = []
  // A scope of its own: the limiter's hooks and decorators stay out of every other route.
  await app.register(async (scope) => {
    await registerRouteRateLimit(scope, redis, 'tavlin:rate-limit:pages:', {
      max: pages.rendersPerAddress.max,
      timeWindow: pages.rendersPerAddress.windowSeconds * 1000,
    })
    // Without options: the scope's own store, keyed by the name space and the address alone.
    created.push(scope.createRateLimit())
  })
  const counted = created[0]
  if (!counted) throw new Error('the page render limit was not created')
  const slowedUntil = new SlowedAddresses()
  const pace = new ThreadPace()
  return {
    queue: new RenderQueue(pages.rendersAtOnce, pages.renderQueue, pace),
    pace,
    async slowDown(request) {
      const result = await counted(request)
      const wait = !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : 0
      if (wait > 0) slowedUntil.note(request.ip, wait)
      return wait
    },
    stillSlowed: (request) => slowedUntil.secondsLeft(request.ip),
  }
}

/**
 * The addresses this process answered 429 until their window ends. Bounded: the oldest note
 * goes first past `MAX_NOTED` (a forgotten address is only counted again, by the limiter).
 */
class SlowedAddresses {
  private static readonly MAX_NOTED = 10_000
  private readonly until = new Map<string, number>()

  note(address: string, seconds: number): void {
    this.until.delete(address)
    this.until.set(address, Date.now() + seconds * 1000)
    if (this.until.size > SlowedAddresses.MAX_NOTED) {
      const oldest = this.until.keys().next().value
      if (oldest !== undefined) this.until.delete(oldest)
    }
  }

  secondsLeft(address: string): number {
    const until = this.until.get(address)
    if (until === undefined) return 0
    const left = Math.ceil((until - Date.now()) / 1000)
    if (left > 0) return left
    this.until.delete(address)
    return 0
  }
}

/**
 * Sends a 429 to an address already turned away and still in its window, before the page's
 * search or render costs anything, paced as renders are (decision 297): true when it did.
 * Pages of the visitor's own or the administrators' are never held back (see `renderGuarded`).
 */
export async function turnedAwayAgain(
  guard: RenderGuard | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const wait = guard && !isPrivatePage(request.url) ? guard.stillSlowed(request) : 0
  if (!guard || wait === 0) return false
  const send = async () => {
    await sendBusy(reply, 429, wait)
    return true
  }
  // Past the pace's line, at once: a 429 costs less than the connection held.
  return guard.pace?.tryRun(send) ?? send()
}

/**
 * A render of a page not kept, through the guard: the page, or the answer already sent
 * instead — a 429 to an address past its renders, the older kept page or a 503 when the line
 * is full. The pages of one visitor or of the administrators are never held back: they are
 * not rendered on the server at all, and slowing them would slow the shop's own people.
 */
export async function renderGuarded<T>(
  guard: RenderGuard | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
  render: () => Promise<T>,
  sendOlder: () => Promise<unknown> | undefined,
): Promise<{ page: T } | { sent: FastifyReply | Promise<unknown> }> {
  if (!guard || isPrivatePage(request.url)) return { page: await render() }
  const wait = await guard.slowDown(request)
  if (wait > 0) return { sent: sendBusy(reply, 429, wait) }
  const running = guard.queue.tryRun(render)
  if (running) return { page: await running }
  const older = sendOlder()
  if (older) {
    request.log.warn('page renders full: answered with the page of an earlier catalogue version')
    return { sent: older }
  }
  request.log.warn('page renders full: asked the visitor to come back shortly')
  return { sent: sendBusy(reply, 503, BUSY_RETRY_SECONDS) }
}

function isPrivatePage(url: string): boolean {
  const path = url.split('?')[0] ?? '/'
  return PRIVATE_PAGES.some((page) => path === page.path || path.startsWith(`${page.path}/`))
}

/**
 * A short Hebrew page that reloads itself when the wait is over (no script: the CSP allows
 * none inline), with Retry-After for crawlers.
 */
export function sendBusy(reply: FastifyReply, status: 429 | 503, seconds: number) {
  const when = seconds === 1 ? 'בעוד שנייה' : `בעוד ${seconds} שניות`
  const text =
    status === 429
      ? `ביקשתם עמודים רבים בזמן קצר. העמוד ייטען שוב ${when}.`
      : `האתר עמוס כרגע. העמוד ייטען שוב ${when}.`
  const html =
    '<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8">' +
    `<meta http-equiv="refresh" content="${seconds}"><title>רגע אחד</title></head>` +
    `<body><p>${text}</p></body></html>`
  return reply
    .code(status)
    .header('retry-after', String(seconds))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html)
}
