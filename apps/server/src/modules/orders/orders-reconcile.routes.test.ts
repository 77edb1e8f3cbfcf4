import { describe, expect, it } from 'vitest'
import { runExclusive } from '../../db/job-runs.js'
import { orders } from '../../db/schema/index.js'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'
import { useOrdersShop } from '../../test/orders-shop.js'

// The reconciliation job: lost callbacks and unpaid orders past the payment timeout.
const shop = useOrdersShop()

describe('payment reconciliation', () => {
  it('reconciliation pays an order whose callback was lost and cancels unpaid orders after the timeout', async () => {
    const lost = await shop.newOrder()
    const unpaid = await shop.newOrder()
    shop.flags.dropCallbacks = true
    try {
      await shop.pay(lost.paymentLink, SANDBOX_CARDS.approved)
    } finally {
      shop.flags.dropCallbacks = false
    }
    expect((await shop.orderRow(lost.order._id)).status).toBe('pending_payment')

    // Within the grace period nothing is looked at; later the provider is asked.
    expect(await shop.ctx.app.jobs.reconcilePayments(new Date())).toMatchObject({ ran: true })
    expect((await shop.orderRow(lost.order._id)).status).toBe('pending_payment')
    const later = new Date(Date.now() + 2 * 60_000)
    const run = await shop.ctx.app.jobs.reconcilePayments(later)
    expect(run).toMatchObject({ ran: true, outcome: { paid: 1 } })
    expect((await shop.orderRow(lost.order._id)).status).toBe('paid')
    expect((await shop.orderRow(unpaid.order._id)).status).toBe('pending_payment')

    const expired = new Date(Date.now() + 61 * 60_000)
    await shop.ctx.database.db.update(orders).set({ providerCheckedAt: null })
    const expiry = await shop.ctx.app.jobs.reconcilePayments(expired)
    expect(expiry.ran && expiry.outcome.cancelled).toBeGreaterThanOrEqual(1)
    expect((await shop.orderRow(unpaid.order._id)).status).toBe('cancelled')
    expect((await shop.orderRow(lost.order._id)).status).toBe('paid')
  })

  it('does not run reconciliation while another process runs it', async () => {
    // The other process holds the job until told to finish: started together, the two runs
    // only overlap when one is slow, and one that had finished first would let the second run.
    let finish!: () => void
    const finished = new Promise<void>((resolve) => (finish = resolve))
    let started!: () => void
    const running = new Promise<void>((resolve) => (started = resolve))
    const other = runExclusive(
      shop.ctx.database.db,
      'reconcile-payments',
      { holder: 'another process', leaseSeconds: 300 },
      async () => {
        started()
        await finished
        return {}
      },
    )
    await running
    expect(await shop.ctx.app.jobs.reconcilePayments()).toEqual({ ran: false })
    finish()
    expect((await other).ran).toBe(true)
    expect(await shop.ctx.app.jobs.reconcilePayments()).toMatchObject({ ran: true })
  })
})
