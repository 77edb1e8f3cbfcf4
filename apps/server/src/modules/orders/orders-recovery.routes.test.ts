import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { saleRequest, seedCatalogue } from '../../test/factories.js'

/**
 * A checkout request that dies between saving its order and storing the payment page
 * (decision 120): here it hangs at the provider, which is what a killed process looks
 * like to everyone else. The crash itself, with a real SIGKILL, is in crash.test.ts.
 */
const CLAIM_SECONDS = 60

type Gate = { release: (answer: 'forward' | 'fail') => void }

let ctx: TestContext & { baseUrl: string }
let ids: { productId: string; packageId: string }
/** How many of the next generateLink calls hang until released. */
let toHang = 0
const gates: Gate[] = []

beforeAll(async () => {
  ctx = await buildTestApp(
    { paymentPageClaimSeconds: CLAIM_SECONDS },
    {},
    {
      listen: true,
      intercept: async (url, init) => {
        if (!url.pathname.endsWith('/PaymentPages/generateLink') || toHang === 0) return undefined
        toHang -= 1
        const answer = await new Promise<'forward' | 'fail'>((resolve) => gates.push({ release: resolve }))
        if (answer === 'fail') throw new TypeError('fetch failed')
        return fetch(new URL(url.pathname + url.search, ctx.baseUrl), init)
      },
    },
  )
  ids = await seedCatalogue(ctx.database.db)
})
afterAll(async () => {
  for (const gate of gates.splice(0)) gate.release('fail')
  await ctx.close()
})

function sale(key: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/orders/generate-sale',
    payload: saleRequest(ids, { customer: { ...saleRequest(ids).customer, email: `${key}@example.com` } }),
    headers: { 'idempotency-key': key },
  })
}

/** Starts a checkout whose provider call hangs; resolves once its order is saved. */
async function strandedSale(key: string) {
  toHang += 1
  const pending = sale(key)
  for (let i = 0; i < 200; i += 1) {
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))
    if (row) return { row, pending }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the order was never saved')
}

/**
 * The first request's claim runs out: moved into the past rather than waited for, so no step
 * of a test depends on how fast a busy machine runs it (issue 40), and a claim never runs out
 * by itself within a test.
 */
async function claimRunsOut(key: string) {
  await ctx.database.db
    .update(orders)
    .set({ pageClaimedUntil: sql`now() - interval '1 second'` })
    .where(eq(orders.idempotencyKey, key))
}

async function rowsOf(key: string) {
  return ctx.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))
}

describe('orders left without a payment page: a retry takes over', () => {
  it('answers a retry during the first request 409 ORDER_IN_PROGRESS with Retry-After, and a retry after the claim finishes the order', async () => {
    const key = `stranded-retry-${Date.now()}`
    const { row, pending } = await strandedSale(key)
    expect(row).toMatchObject({ status: 'pending_payment', paymentLink: null })

    const early = await sale(key)
    expect(early.statusCode).toBe(409)
    expect(early.json()).toMatchObject({ success: false, code: 'ORDER_IN_PROGRESS' })
    const retryAfter = Number(early.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(CLAIM_SECONDS)
    expect(early.json().details).toEqual({ retryAfterSeconds: retryAfter })

    await claimRunsOut(key)
    const retry = await sale(key)
    expect(retry.statusCode).toBe(201)
    const { paymentLink, order } = retry.json().data
    expect(order._id).toBe(row.id)
    expect(paymentLink).toMatch(/^http:\/\/shop\.test\/sandbox\/payplus\//)

    // The first request comes back late with a page of its own: the stored one wins.
    gates.shift()!.release('forward')
    const first = await pending
    expect(first.statusCode).toBe(201)
    expect(first.json().data).toEqual(retry.json().data)
    const rows = await rowsOf(key)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'pending_payment', paymentLink, pageClaimedUntil: null })
  })

  it('a late provider failure of the first request leaves the page a retry made in place', async () => {
    const key = `stranded-fail-${Date.now()}`
    const { pending } = await strandedSale(key)
    await claimRunsOut(key)
    const retry = await sale(key)
    expect(retry.statusCode).toBe(201)
    gates.shift()!.release('fail')
    const first = await pending
    expect(first.statusCode).toBe(201)
    expect(first.json().data).toEqual(retry.json().data)
    expect((await rowsOf(key))[0]).toMatchObject({ status: 'pending_payment' })
  })
})

describe('orders left without a payment page: the recovery step', () => {
  it('the recovery step completes an order left without a page, and cancels one past the payment timeout', async () => {
    const oldKey = `stranded-old-${Date.now()}`
    const old = await strandedSale(oldKey)
    await claimRunsOut(oldKey)
    const afterTimeout = new Date(Date.now() + (ctx.config.orderPaymentTimeoutMinutes + 1) * 60_000)
    const expiry = await ctx.app.jobs.reconcilePayments(afterTimeout)
    // The earlier tests' orders, unpaid too, are cancelled by the same run.
    expect(expiry).toMatchObject({ ran: true, outcome: { pagesCompleted: 0 } })
    expect((await rowsOf(oldKey))[0]).toMatchObject({
      status: 'cancelled',
      paymentLink: null,
      failureReason: 'payment timeout: no page',
    })
    // A retry of a cancelled order is told to start again, as after a provider failure.
    expect((await sale(oldKey)).json().code).toBe('PAYMENT_PROVIDER_ERROR')
    gates.shift()!.release('forward')
    expect((await old.pending).statusCode).toBe(502)
    expect((await rowsOf(oldKey))[0]).toMatchObject({ status: 'cancelled', paymentLink: null })

    const key = `stranded-job-${Date.now()}`
    const { row } = await strandedSale(key)
    // Within the claim the job leaves the order alone: its request may still be alive.
    expect(await ctx.app.jobs.reconcilePayments()).toMatchObject({ outcome: { pagesCompleted: 0 } })
    await claimRunsOut(key)
    const run = await ctx.app.jobs.reconcilePayments()
    expect(run).toMatchObject({ ran: true, outcome: { pagesCompleted: 1, cancelled: 0 } })
    const [completed] = await rowsOf(key)
    expect(completed!.paymentLink).toMatch(/^http:\/\/shop\.test\/sandbox\/payplus\//)
    // The customer's retry now gets that link at once.
    const retry = await sale(key)
    expect(retry.statusCode).toBe(201)
    expect(retry.json().data).toMatchObject({
      paymentLink: completed!.paymentLink,
      order: { _id: row.id },
    })
  })
})
