import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Dashboard, RestoredCart } from '@tavlin/contracts'
import { adminActivity, cartReminders, mailOutbox, orders, productSizes } from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { confirmLink, confirmationToken } from '../../test/confirmation-mail.js'
import { seedCatalogue } from '../../test/factories.js'
import { freshIp, newsletter, post } from '../../test/form-fixtures.js'
import { seedOrders } from '../../test/seed-orders.js'
import { tokenFactory } from '../../test/tokens.js'

// A checkout left half-way (issue 36, decision 282): one reminder, after the owner's delay, only
// with recorded consent, never after a payment; the signed link restores the cart at today's prices.
const HOUR = 3_600_000

describe('reminders of a checkout left half-way', () => {
  let ctx: TestContext
  let ids: Awaited<ReturnType<typeof seedCatalogue>>
  /** After the switch went on: only checkouts filled after it are reminded. */
  let base = 0
  let admin: Record<string, string>

  beforeAll(async () => {
    ctx = await buildTestApp()
    ids = await seedCatalogue(ctx.database.db)
    admin = {
      authorization: `Bearer ${await tokenFactory(ctx.config, ctx.database.db).then((tokens) => tokens.admin())}`,
    }
  })
  afterAll(() => ctx.close())
  beforeEach(async () => {
    await ctx.database.db.delete(orders)
    await ctx.database.db.delete(mailOutbox).where(like(mailOutbox.dedupeKey, 'cart-reminder:%'))
  })

  const settings = (body?: unknown) =>
    ctx.app.inject({
      method: body ? 'PUT' : 'GET',
      url: '/api/admin/shop/cart-reminders',
      headers: admin,
      payload: body as object,
    })
  const runJob = (at: number) => ctx.app.jobs.sendCartReminders(new Date(at))
  const reminderMails = () =>
    ctx.database.db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, 'cart-reminder:%'))
  const link = (path: 'preview' | 'restore', token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/cart-reminders/${path}`,
      payload: { token },
      remoteAddress: freshIp(),
    })

  /** The address agrees to marketing mail the only way a form can: by the link it is mailed. */
  async function consent(email: string) {
    await post(ctx, 'newsletter', { ...newsletter, email, marketingConsent: true })
    expect((await confirmLink(ctx, await confirmationToken(ctx, email))).statusCode).toBe(200)
  }

  /** An order whose payment page ran out unpaid, filled `hoursAfterBase` after `base`. */
  async function leftCheckout(email: string, hoursAfterBase = 0, status: 'cancelled' | 'paid' = 'cancelled') {
    const createdAt = new Date(base + hoursAfterBase * HOUR).toISOString()
    const [id] = await seedOrders(ctx.database.db, {
      status,
      paidAt: status === 'paid' ? createdAt : null,
      createdAt,
      totalAgorot: 7480,
      customer: { email, firstName: 'נועה' },
      items: [{ itemId: ids.productId, name: 'פפריקה', unitPriceAgorot: 2490, quantity: 3 }],
    })
    if (status === 'cancelled')
      await ctx.database.db.update(orders).set({ failureReason: 'payment timeout' }).where(eq(orders.id, id!))
    return id!
  }

  const restoreToken = (text: string | null) => /\/cart\/restore#(\S+)/.exec(text ?? '')?.[1] ?? ''

  it('is off by default: nothing is sent, whatever waits', async () => {
    expect((await settings()).json().data).toEqual({ enabled: false, delayHours: 24, enabledSince: null })
    await consent('off@example.com')
    base = Date.now()
    await leftCheckout('off@example.com', -30)
    expect(await runJob(base + 100 * HOUR)).toEqual({
      ran: true,
      outcome: { enabled: false, sent: 0, withoutConsent: 0 },
    })
    expect(await reminderMails()).toHaveLength(0)
  })

  it('turns on with its delay, logged in the activity log; only checkouts filled after that count', async () => {
    await consent('before@example.com')
    await leftCheckout('before@example.com', -1)
    const saved = await settings({ enabled: true, delayHours: 24 })
    expect(saved.statusCode).toBe(200)
    base = Date.parse(saved.json().data.enabledSince as string)
    expect(base).toBeGreaterThan(Date.now() - 60_000)
    expect((await settings({ enabled: true, delayHours: 0 })).statusCode).toBe(400)
    const logged = await ctx.database.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.entityId, 'cart-reminders'))
    expect(logged.map((row) => row.summary)).toContain('תזכורת לסל שננטש: פעילה, 24 שעות אחרי ההזמנה')
    expect((await runJob(base + 30 * HOUR)).ran && (await reminderMails()).length).toBe(0)
  })

  it('waits for the delay, then sends one marketing mail with the restore and unsubscribe links, once', async () => {
    await consent('noa@example.com')
    const orderId = await leftCheckout('noa@example.com', 1)
    await runJob(base + 25 * HOUR - 60_000)
    expect(await reminderMails()).toHaveLength(0)
    expect(await runJob(base + 25 * HOUR + 60_000)).toMatchObject({ outcome: { sent: 1 } })
    const [mail, ...more] = await reminderMails()
    expect(more).toHaveLength(0)
    expect(mail!.to).toBe('noa@example.com')
    expect(mail!.dedupeKey).toBe(`cart-reminder:${orderId}`)
    expect(mail!.subject.startsWith('פרסומת:')).toBe(true)
    expect(mail!.text).toContain('פפריקה (100 גרם) × 3')
    expect(mail!.text).toMatch(/להסרה מרשימת הדיוור בלחיצה אחת: http\S+\/unsubscribe\?token=\S+/)
    expect(mail!.html).toContain('dir="rtl"')
    expect(restoreToken(mail!.text)).not.toBe('')
    // The unsubscribe link withdraws the consent; a second click is answered the same.
    const unsubscribeToken = /unsubscribe\?token=(\S+)/.exec(mail!.text ?? '')![1]!
    for (const _click of [1, 2]) {
      const left = await ctx.app.inject({
        method: 'POST',
        url: '/api/marketing/unsubscribe',
        payload: { token: unsubscribeToken },
      })
      expect(left.statusCode).toBe(200)
    }
    expect(unsubscribeToken).toBe(await unsubscribeTokenOf('noa@example.com'))
    // Once only: later runs, and a second checkout left by the same address the same week.
    await leftCheckout('noa@example.com', 30)
    await runJob(base + 60 * HOUR)
    expect(await reminderMails()).toHaveLength(1)
  })

  it('never mails an address without recorded consent, or one that withdrew it', async () => {
    await leftCheckout('stranger@example.com', 1)
    await consent('left@example.com')
    await leftCheckout('left@example.com', 1)
    const unsubscribe = await ctx.app.inject({
      method: 'POST',
      url: '/api/marketing/unsubscribe',
      payload: { token: await unsubscribeTokenOf('left@example.com') },
    })
    expect(unsubscribe.statusCode).toBe(200)
    expect(await runJob(base + 26 * HOUR)).toMatchObject({ outcome: { sent: 0, withoutConsent: 2 } })
    expect(await reminderMails()).toHaveLength(0)
  })

  it('never reminds a shopper who paid that order or another one since', async () => {
    await consent('paid@example.com')
    await leftCheckout('paid@example.com', 1)
    await leftCheckout('paid@example.com', 2, 'paid')
    // An older order paid after this one was left: the shopper bought after all.
    await consent('late@example.com')
    const older = await leftCheckout('late@example.com', 0.5)
    await leftCheckout('late@example.com', 1)
    await ctx.database.db
      .update(orders)
      .set({ createdAt: new Date(base), status: 'paid', paidAt: new Date(base + 2 * HOUR) })
      .where(eq(orders.id, older))
    expect(await runJob(base + 26 * HOUR)).toMatchObject({ outcome: { sent: 0 } })
  })

  it('sends one reminder when two processes run the job at once', async () => {
    await consent('twice@example.com')
    await leftCheckout('twice@example.com', 1)
    await Promise.all([runJob(base + 26 * HOUR), runJob(base + 26 * HOUR)])
    expect(await reminderMails()).toHaveLength(1)
  })

  it("restores the cart at today's prices, says what is left out, and works once", async () => {
    await consent('cart@example.com')
    const orderId = await leftCheckout('cart@example.com', 1)
    await runJob(base + 26 * HOUR)
    const token = restoreToken((await reminderMails())[0]!.text)
    await ctx.database.db
      .update(productSizes)
      .set({ priceAgorot: 2990, stock: 2 })
      .where(and(eq(productSizes.productId, ids.productId), eq(productSizes.sizeName, '100 גרם')))
    const preview = await link('preview', token)
    expect(preview.statusCode).toBe(200)
    const cart = preview.json().data as RestoredCart
    expect(cart.items).toEqual([
      expect.objectContaining({
        itemId: ids.productId,
        size: '100 גרם',
        quantity: 2,
        price: 29.9,
        previousPrice: 24.9,
      }),
    ])
    expect(cart.leftOut).toEqual([
      { name: ids.productName, size: '100 גרם', quantity: 3, restored: 2, reason: 'fewer' },
    ])
    expect((await link('restore', token)).json().data).toEqual(cart)
    const reused = await link('restore', token)
    expect([reused.statusCode, reused.json().code]).toEqual([409, 'LINK_USED'])
    expect(
      (await ctx.database.db.select().from(cartReminders).where(eq(cartReminders.orderId, orderId)))[0]!
        .restoredAt,
    ).not.toBeNull()
  })

  it('refuses a forged link (400), an expired one (410), and leaves out sold-out items', async () => {
    await consent('old@example.com')
    await leftCheckout('old@example.com', 1)
    await runJob(base + 26 * HOUR)
    const token = restoreToken((await reminderMails())[0]!.text)
    const [id, secret] = token.split('.')
    const forged = await link('preview', `${id}.${secret}.${'A'.repeat(43)}`)
    expect([forged.statusCode, forged.json().code]).toEqual([400, 'LINK_INVALID'])
    await ctx.database.db
      .update(productSizes)
      .set({ stock: 0 })
      .where(eq(productSizes.productId, ids.productId))
    expect((await link('preview', token)).json().data.leftOut[0].reason).toBe('sold-out')
    await ctx.database.db.update(cartReminders).set({ expiresAt: new Date(Date.now() - 1000) })
    const expired = await link('restore', token)
    expect([expired.statusCode, expired.json().code]).toEqual([410, 'LINK_EXPIRED'])
    await ctx.database.db
      .update(productSizes)
      .set({ stock: null })
      .where(eq(productSizes.productId, ids.productId))
  })

  it('shows the dashboard the reminders sent and the orders that followed', async () => {
    await consent('back@example.com')
    await leftCheckout('back@example.com', 1)
    await consent('gone@example.com')
    await leftCheckout('gone@example.com', 1)
    await runJob(base + 26 * HOUR)
    await leftCheckout('back@example.com', 27, 'paid')
    const dashboard = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin })
    ).json().data as Dashboard
    expect(dashboard.cartReminders).toEqual({
      enabled: true,
      days: 30,
      sent: 2,
      ordersFollowed: 1,
      followedTotalAgorot: 7480,
    })
  })

  async function unsubscribeTokenOf(email: string): Promise<string> {
    const { marketingConsents } = await import('../../db/schema/index.js')
    const [row] = await ctx.database.db
      .select()
      .from(marketingConsents)
      .where(eq(marketingConsents.email, email))
    return row!.unsubscribeToken
  }
})
