import { eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { RestoredCart } from '@tavlin/contracts'
import { mailOutbox, marketingConsents } from '../../db/schema/index.js'
import { confirmLink, confirmationToken } from '../../test/confirmation-mail.js'
import { saleRequest, testCustomer } from '../../test/factories.js'
import { freshIp } from '../../test/form-fixtures.js'
import { useOrdersShop, type SaleData } from '../../test/orders-shop.js'

// The whole way (issue 36, decision 282): a shopper ticks the marketing box at checkout and
// confirms it from their mailbox; the order's payment page closes unpaid and the reconcile job
// cancels it; the reminders job then mails its one reminder, whose link restores both lines.
const shop = useOrdersShop({ allowAdmins: true })
const HOUR = 3_600_000

describe('a checkout whose payment page closed unpaid', () => {
  it('with the box ticked and confirmed, is reminded of once after reconciliation cancels it', async () => {
    const { ctx } = shop
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/shop/cart-reminders',
      payload: { enabled: true, delayHours: 2 },
    })
    expect(saved.statusCode).toBe(200)
    // The checkout's unticked box, ticked: the address is asked to confirm; nothing recorded yet.
    const sale = await shop.sale(saleRequest(shop.ids, { marketingConsent: true }))
    expect(sale.statusCode).toBe(201)
    const { order } = sale.json().data as SaleData
    const [consentBefore] = await ctx.database.db
      .select()
      .from(marketingConsents)
      .where(eq(marketingConsents.email, testCustomer.email))
    expect(consentBefore).toBeUndefined()
    expect((await confirmLink(ctx, await confirmationToken(ctx, testCustomer.email))).statusCode).toBe(200)

    const expiry = await ctx.app.jobs.reconcilePayments(new Date(Date.now() + 61 * 60_000))
    expect(expiry.ran && expiry.outcome.cancelled).toBe(1)
    expect(await shop.orderRow(order._id)).toMatchObject({
      status: 'cancelled',
      failureReason: 'payment timeout',
    })

    expect(await ctx.app.jobs.sendCartReminders(new Date(Date.now() + HOUR))).toMatchObject({
      outcome: { sent: 0 },
    })
    expect(await ctx.app.jobs.sendCartReminders(new Date(Date.now() + 3 * HOUR))).toMatchObject({
      outcome: { sent: 1 },
    })
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, 'cart-reminder:%'))
    expect(mails.map((mail) => mail.to)).toEqual([testCustomer.email])
    expect(mails[0]!.text).toContain(`ההזמנה ${order.number} לא שולמה.`)
    expect(mails[0]!.text).toMatch(/\(מארז\) × 1/)

    const token = /\/cart\/restore#(\S+)/.exec(mails[0]!.text ?? '')![1]!
    const restored = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart-reminders/restore',
      payload: { token },
      remoteAddress: freshIp(),
    })
    const cart = restored.json().data as RestoredCart
    expect(
      cart.items.map(({ itemType, size, quantity, price }) => ({ itemType, size, quantity, price })),
    ).toEqual([
      { itemType: 'Product', size: '100 גרם', quantity: 2, price: 24.9 },
      { itemType: 'Package', size: 'package', quantity: 1, price: 120 },
    ])
    expect(cart.leftOut).toEqual([])
  })
})
