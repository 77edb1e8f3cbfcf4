import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import {
  couponRedemptions,
  coupons,
  dataDeletionRequests,
  emailConfirmations,
  marketingConsents,
  newsletterSubscribers,
  orders,
} from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { confirmLink, confirmationMails, confirmationToken } from '../../test/confirmation-mail.js'
import { saleRequest, seedCatalogue } from '../../test/factories.js'
import { tokenFactory } from '../../test/tokens.js'

let ip = 0
const fresh = () => ({ 'x-forwarded-for': `10.9.0.${++ip}` })

// Requests to erase a person's data (issue 18), confirmed by the address's owner (issue 33).
describe('deletion requests and erasure', () => {
  let ctx: TestContext & { baseUrl: string }
  let admin: Record<string, string>

  beforeAll(async () => {
    ctx = await buildTestApp({ trustProxy: true }, {}, { listen: true })
    const tokens = await tokenFactory(ctx.config, ctx.database.db)
    admin = { authorization: `Bearer ${await tokens.admin()}` }
  })
  afterAll(() => ctx.close())

  const subscribe = (email: string, marketingConsent?: boolean) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/users/form/newsletter',
      headers: fresh(),
      payload: { data: { fullName: 'נועה כהן', email, city: 'חיפה', marketingConsent } },
    })
  const consent = async (email: string) =>
    (await ctx.database.db.select().from(marketingConsents)).find((row) => row.email === email)

  it('takes a deletion request, and the admin erases submissions and masks orders but keeps amounts', async () => {
    const ids = await seedCatalogue(ctx.database.db)
    const sale = saleRequest(ids)
    sale.customer.email = 'erase.me@example.com'
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      payload: sale,
      headers: { 'idempotency-key': `erase-${Date.now()}` },
    })
    expect(created.statusCode, created.body).toBe(201)
    await subscribe('Erase.Me@example.com', true)
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/privacy/deletion-requests',
      headers: fresh(),
      payload: { email: 'not-an-address' },
    })
    expect(bad.statusCode).toBe(400)
    // The attack of issue 33: anyone may type anyone's address. Nothing reaches the admin.
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/privacy/deletion-requests',
      headers: fresh(),
      payload: { email: 'Erase.Me@example.com', message: 'נא למחוק את פרטיי' },
    })
    expect(asked.statusCode).toBe(201)
    expect(asked.json()).toEqual({ success: true, data: { received: true } })
    const before = await ctx.app.inject({ url: '/api/admin/privacy/deletion-requests', headers: admin })
    expect(before.json().data.totalItems).toBe(0)
    const [mail] = (await confirmationMails(ctx, 'erase.me@example.com')).filter((m) =>
      m.subject.includes('מחיקת'),
    )
    expect(mail!.subject).toBe('תבלין: אישור בקשה למחיקת מידע אישי')
    expect(mail!.text).not.toContain('נא למחוק את פרטיי')

    // The owner of the mailbox confirms: now the admin sees it, with both steps.
    const confirmed = await confirmLink(
      ctx,
      await confirmationToken(ctx, 'erase.me@example.com'),
      '10.77.0.9',
    )
    expect(confirmed.json().data).toEqual({ purpose: 'deletion', orderNumber: null })
    const list = await ctx.app.inject({ url: '/api/admin/privacy/deletion-requests', headers: admin })
    const request = list.json().data.items[0]
    expect(list.json().data.totalItems).toBe(1)
    expect(request).toMatchObject({
      email: 'erase.me@example.com',
      message: 'נא למחוק את פרטיי',
      erasedAt: null,
      confirmedAt: expect.any(String),
      requestedAt: expect.any(String),
    })
    const [stored] = await ctx.database.db.select().from(dataDeletionRequests)
    expect(stored).toMatchObject({
      confirmAddress: '10.77.0.9',
      requestAddress: expect.stringMatching(/^10\.9\.0\./),
    })

    // A coupon's use by this person, and a welcome coupon issued to them (issue 19).
    const [coupon] = await ctx.database.db
      .insert(coupons)
      .values({ code: `ERASE-${Date.now()}`, kind: 'percent', value: 10, issuedTo: 'erase.me@example.com' })
      .returning()
    await ctx.database.db.insert(couponRedemptions).values({
      orderId: created.json().data.order._id,
      couponId: coupon!.id,
      email: 'erase.me@example.com',
      customerKey: 'erase.me@example.com',
    })

    const erased = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/privacy/deletion-requests/${request._id}/erase`,
      headers: admin,
    })
    expect(erased.statusCode, erased.body).toBe(200)
    expect(erased.json().data).toEqual({ submissionsErased: 1, ordersMasked: 1 })
    const subscribers = await ctx.database.db.select().from(newsletterSubscribers)
    expect(subscribers.some((row) => row.email === 'erase.me@example.com')).toBe(false)
    expect(await consent('erase.me@example.com')).toBeUndefined()
    const order = (await ctx.database.db.select().from(orders)).find(
      (row) => row.id === created.json().data.order._id,
    )!
    expect(JSON.stringify(order.customer)).not.toContain('erase.me')
    expect(order.customer.phone).toBe('')
    expect(order.totalAgorot).toBeGreaterThan(0)
    const [use] = await ctx.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, order.id))
    expect(use).toMatchObject({ couponId: coupon!.id, customerKey: null })
    expect(use!.email).not.toContain('erase.me')
    const [welcome] = await ctx.database.db.select().from(coupons).where(eq(coupons.id, coupon!.id))
    expect(welcome).toMatchObject({ issuedTo: null, active: false })
    // What waited for the address's confirmation (the newsletter's consent) is gone too.
    const waiting = await ctx.database.db.select().from(emailConfirmations)
    expect(waiting.some((row) => row.email === 'erase.me@example.com')).toBe(false)
    const after = await ctx.app.inject({ url: '/api/admin/privacy/deletion-requests', headers: admin })
    expect(after.json().data.items[0].erasedAt).not.toBeNull()
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/deletion-requests/00000000-0000-4000-8000-000000000000/erase',
      headers: admin,
    })
    expect(missing.statusCode).toBe(404)
  })

  it('shows a request from before confirmations as unconfirmed, and refuses to act on it', async () => {
    const [legacy] = await ctx.database.db
      .insert(dataDeletionRequests)
      .values({ email: 'typed.by.anyone@example.com', message: null })
      .returning()
    const list = await ctx.app.inject({ url: '/api/admin/privacy/deletion-requests', headers: admin })
    const listed = list.json().data.items.find((item: { _id: string }) => item._id === legacy!.id)
    expect(listed).toMatchObject({ confirmedAt: null, requestedAt: null })
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/privacy/deletion-requests/${legacy!.id}/erase`,
      headers: admin,
    })
    expect(refused.statusCode).toBe(409)
    const [after] = await ctx.database.db
      .select()
      .from(dataDeletionRequests)
      .where(eq(dataDeletionRequests.id, legacy!.id))
    expect(after!.erasedAt).toBeNull()
  })
})
