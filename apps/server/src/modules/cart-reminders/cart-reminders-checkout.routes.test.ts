import { like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { RestoredCart } from '@tavlin/contracts'
import { mailOutbox } from '../../db/schema/index.js'
import { confirmLink, confirmationToken } from '../../test/confirmation-mail.js'
import { testCustomer } from '../../test/factories.js'
import { freshIp, newsletter, post } from '../../test/form-fixtures.js'
import { useOrdersShop } from '../../test/orders-shop.js'

// The whole way (issue 36, decision 282): an order placed at checkout whose payment page closes
// unpaid is cancelled by the reconcile job, and the reminders job then mails its one reminder.
const shop = useOrdersShop({ allowAdmins: true })
const HOUR = 3_600_000

describe('a checkout whose payment page closed unpaid', () => {
  it('is cancelled by reconciliation, then reminded of once, and its link restores both lines', async () => {
    const { ctx } = shop
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/shop/cart-reminders',
      payload: { enabled: true, delayHours: 2 },
    })
    expect(saved.statusCode).toBe(200)
    await post(ctx, 'newsletter', { ...newsletter, email: testCustomer.email, marketingConsent: true })
    expect((await confirmLink(ctx, await confirmationToken(ctx, testCustomer.email))).statusCode).toBe(200)

    const { order } = await shop.newOrder()
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
