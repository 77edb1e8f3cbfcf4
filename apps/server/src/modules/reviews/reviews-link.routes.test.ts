import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviewRequests, reviews } from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { seedCatalogue } from '../../test/factories.js'
import { multipart, picture } from '../../test/multipart.js'
import { goodReview, reviewMails, reviewTokens, seedDeliveredOrder } from '../../test/reviews-shop.js'
import { tokenFactory } from '../../test/tokens.js'
import { confirmLink, confirmationToken } from '../../test/confirmation-mail.js'
import { freshIp } from '../../test/form-fixtures.js'

// The review e-mail and its single-use links (issue 36, decision 281): guests review too.
describe('the review e-mail and its links', () => {
  let ctx: TestContext
  let ids: { productId: string; packageId: string }
  let orderId: string
  const guest = 'guest-reviewer@example.com'
  const send = (review: object, token: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/reviews/link', payload: { ...review, token } })
  const rowsOf = (email: string) => ctx.database.db.select().from(reviews).where(eq(reviews.email, email))

  beforeAll(async () => {
    ctx = await buildTestApp()
    ids = await seedCatalogue(ctx.database.db)
    orderId = await seedDeliveredOrder(ctx.database.db, {
      subject: null,
      email: guest,
      daysAgo: 8,
      lines: [
        { itemId: ids.productId, unitPriceAgorot: 2490, quantity: 1, name: 'ברברה' },
        { itemId: ids.productId, unitPriceAgorot: 5250, quantity: 1, name: 'ברברה', size: '250 גרם' },
        { itemId: ids.packageId, itemType: 'Package', unitPriceAgorot: 12000, quantity: 1, name: 'מארז' },
      ],
    })
  })
  afterAll(() => ctx.close())

  it('is sent once per order, the set number of days after delivery, with one link per item', async () => {
    const recent = await seedDeliveredOrder(ctx.database.db, {
      subject: null,
      email: 'recent@example.com',
      daysAgo: 2,
      lines: [{ itemId: ids.productId, unitPriceAgorot: 2490, quantity: 1 }],
    })
    expect(await ctx.app.jobs.requestReviews()).toEqual({ sent: 1 })
    expect(await ctx.app.jobs.requestReviews()).toEqual({ sent: 0 })
    const [mail, ...more] = await reviewMails(ctx, guest)
    expect(more).toEqual([])
    expect(mail!.subject).toMatch(/איך היה/)
    expect(mail!.html).toContain('dir="rtl"')
    expect(await reviewTokens(ctx, guest)).toHaveLength(2)
    expect(await reviewMails(ctx, 'recent@example.com')).toEqual([])
    const marked = await ctx.database.db
      .select()
      .from(reviewRequests)
      .where(eq(reviewRequests.orderId, recent))
    expect(marked).toEqual([])
  })

  it('follows the owner’s setting: off, or three days', async () => {
    const admin = {
      authorization: `Bearer ${await (await tokenFactory(ctx.config, ctx.database.db)).admin()}`,
    }
    const put = (days: number, isEnabled = true) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/reviews/settings',
        headers: admin,
        payload: { isEnabled, requestAfterDays: days },
      })
    expect((await put(3, false)).statusCode).toBe(200)
    await seedDeliveredOrder(ctx.database.db, {
      subject: null,
      email: 'three@example.com',
      daysAgo: 4,
      lines: [{ itemId: ids.productId, unitPriceAgorot: 2490, quantity: 1 }],
    })
    expect(await ctx.app.jobs.requestReviews()).toEqual({ sent: 0 })
    expect((await put(3)).statusCode).toBe(200)
    expect(await ctx.app.jobs.requestReviews()).toEqual({ sent: 1 })
    expect((await put(61)).statusCode).toBe(400)
    await put(7)
  })

  it('shows what the link is for, then takes one review and a photo through it, once', async () => {
    const [productToken] = await reviewTokens(ctx, guest)
    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviews/link/preview',
      payload: { token: productToken },
    })
    expect(preview.json().data).toMatchObject({
      itemType: 'Product',
      itemId: ids.productId,
      author: 'דנה כ.',
    })

    const jpeg = await picture(640, 480).jpeg().toBuffer()
    const body = multipart([{ field: 'file', name: 'a.jpg', type: 'image/jpeg', data: jpeg }])
    const photo = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviews/photos',
      payload: body.payload,
      headers: { ...body.headers, 'x-review-link': productToken! },
    })
    expect(photo.statusCode).toBe(200)

    const first = await send({ ...goodReview, photo: photo.json().data.url }, productToken!)
    expect(first.statusCode).toBe(201)
    const reused = await send(goodReview, productToken!)
    expect(reused.statusCode).toBe(409)
    expect(reused.json().code).toBe('LINK_USED')
    const rows = await rowsOf(guest)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      buyerKey: `email:${guest}`,
      accountSubject: null,
      orderId,
      status: 'pending',
    })
  })

  it('refuses a forged or altered link with 400 LINK_INVALID, and stores nothing', async () => {
    const [, packageToken] = await reviewTokens(ctx, guest)
    const [id, secret] = packageToken!.split('.')
    for (const token of [`${id}.${secret}.${'A'.repeat(43)}`, 'not-a-token', `${id}.${'B'.repeat(22)}.x`]) {
      const response = await send(goodReview, token)
      expect(response.statusCode, token).toBe(400)
      expect(response.json().code).toBe('LINK_INVALID')
    }
    const photo = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviews/photos',
      headers: { 'x-review-link': 'forged' },
    })
    expect(photo.json().code).toBe('LINK_INVALID')
    expect(await rowsOf(guest)).toHaveLength(1)
  })

  it('says 409 REVIEW_EXISTS when the buyer reviewed the item already, and keeps the link usable', async () => {
    const [, packageToken] = await reviewTokens(ctx, guest)
    await ctx.database.db.insert(reviews).values({
      itemId: ids.packageId,
      itemType: 'Package',
      buyerKey: `email:${guest}`,
      email: guest,
      author: 'דנה כ.',
      itemName: 'מארז',
      rating: 3,
      comment: 'נכתבה קודם בדרך אחרת',
    })
    const response = await send(goodReview, packageToken!)
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('REVIEW_EXISTS')
    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviews/link/preview',
      payload: { token: packageToken },
    })
    expect(preview.statusCode).toBe(200)
  })

  it("an erasure of the buyer's data removes their reviews", async () => {
    const admin = {
      authorization: `Bearer ${await (await tokenFactory(ctx.config, ctx.database.db)).admin()}`,
    }
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/privacy/deletion-requests',
      remoteAddress: freshIp(),
      payload: { email: guest, message: 'נא למחוק' },
    })
    expect(asked.statusCode).toBe(201)
    await confirmLink(ctx, await confirmationToken(ctx, guest))
    const list = await ctx.app.inject({ url: '/api/admin/privacy/deletion-requests', headers: admin })
    const request = list.json().data.items[0]
    const erased = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/privacy/deletion-requests/${request._id}/erase`,
      headers: admin,
    })
    expect(erased.statusCode).toBe(200)
    expect(await rowsOf(guest)).toEqual([])
  })
})
