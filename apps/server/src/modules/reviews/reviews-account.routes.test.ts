import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviews } from '../../db/schema/index.js'
import { asShopper, shopperToken } from '../../test/account-shop.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { seedCatalogue } from '../../test/factories.js'
import { multipart, picture } from '../../test/multipart.js'
import { goodReview, seedDeliveredOrder, setOrderStatus } from '../../test/reviews-shop.js'
import { tokenFactory, type TokenFactory } from '../../test/tokens.js'

type Shopper = ReturnType<typeof asShopper>

// A signed-in buyer's reviews from /account (issue 36, decision 279).
describe('reviews from /account', () => {
  let ctx: TestContext
  let tokens: TokenFactory
  let ids: { productId: string; packageId: string }
  let noa: Shopper
  const rowsOf = (subject: string) =>
    ctx.database.db.select().from(reviews).where(eq(reviews.accountSubject, subject))

  beforeAll(async () => {
    ctx = await buildTestApp()
    tokens = await tokenFactory(ctx.config, ctx.database.db)
    ids = await seedCatalogue(ctx.database.db)
    noa = asShopper(ctx, await shopperToken(tokens, 'rev-noa'))
    await seedDeliveredOrder(ctx.database.db, {
      subject: 'rev-noa',
      lines: [
        { itemId: ids.productId, unitPriceAgorot: 2490, quantity: 1, name: 'ברברה' },
        { itemId: ids.packageId, itemType: 'Package', unitPriceAgorot: 12000, quantity: 1, name: 'מארז' },
      ],
    })
  })
  afterAll(() => ctx.close())

  it('lists what the delivered orders held, and takes one review of each, waiting for approval', async () => {
    const list = (await noa('GET', '/api/account/reviews')).json().data.items
    expect(list.map((item: { itemType: string }) => item.itemType).sort()).toEqual(['Package', 'Product'])
    expect(list[0]).toMatchObject({ orderNumber: expect.stringMatching(/^TV-/), review: null })

    const created = await noa('POST', `/api/account/reviews/Product/${ids.productId}`, goodReview)
    expect(created.statusCode).toBe(201)
    expect(created.json().data).toMatchObject({ rating: 5, status: 'pending' })
    const [row] = await rowsOf('rev-noa')
    // The order's "דנה כהן": the first name and the initial only (decision 280).
    expect(row).toMatchObject({
      author: 'דנה כ.',
      buyerKey: 'rev-noa',
      orderNumber: expect.stringMatching(/^TV-/),
    })
    // Nothing is public until the owner approves.
    const shown = await ctx.app.inject({ url: `/api/reviews/Product/${ids.productId}` })
    expect(shown.json().data.summary).toEqual({ average: 0, count: 0, distribution: [0, 0, 0, 0, 0] })
  })

  it('refuses a second review of the same item with 409 REVIEW_EXISTS, and stores nothing', async () => {
    const again = await noa('POST', `/api/account/reviews/Product/${ids.productId}`, {
      ...goodReview,
      rating: 1,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('REVIEW_EXISTS')
    expect(await rowsOf('rev-noa')).toHaveLength(1)
  })

  it('refuses an item the shopper did not buy, or not yet received, with 403 REVIEW_NOT_ALLOWED', async () => {
    const other = await seedCatalogue(ctx.database.db)
    const dan = asShopper(ctx, await shopperToken(tokens, 'rev-dan'))
    const notBought = await dan('POST', `/api/account/reviews/Product/${ids.productId}`, goodReview)
    expect(notBought.statusCode).toBe(403)
    expect(notBought.json().code).toBe('REVIEW_NOT_ALLOWED')
    const orderId = await seedDeliveredOrder(ctx.database.db, {
      subject: 'rev-dan',
      lines: [{ itemId: other.productId, unitPriceAgorot: 2490, quantity: 1 }],
    })
    // Shipped, not delivered: not received yet.
    await setOrderStatus(ctx.database.db, orderId, 'shipped')
    const notYet = await dan('POST', `/api/account/reviews/Product/${other.productId}`, goodReview)
    expect(notYet.json().code).toBe('REVIEW_NOT_ALLOWED')
    expect(await rowsOf('rev-dan')).toEqual([])
  })

  it('checks the stars, the length of the text and that it holds no link', async () => {
    const cases: Array<[object, string]> = [
      [{ ...goodReview, rating: 6 }, 'reviews.errors.rating'],
      [{ ...goodReview, rating: 0 }, 'reviews.errors.rating'],
      [{ ...goodReview, comment: 'קצר' }, 'reviews.errors.commentShort'],
      [{ ...goodReview, comment: 'א'.repeat(2001) }, 'reviews.errors.commentLong'],
      [{ ...goodReview, comment: 'מבצע ענק באתר שלי www.spam-shop.com' }, 'reviews.errors.link'],
      [{ ...goodReview, comment: 'היכנסו ל https://x.example לפרטים' }, 'reviews.errors.link'],
    ]
    for (const [body, message] of cases) {
      const response = await noa('POST', `/api/account/reviews/Package/${ids.packageId}`, body)
      expect(response.statusCode, message).toBe(400)
      expect(JSON.stringify(response.json().details), message).toContain(message)
    }
    expect(await rowsOf('rev-noa')).toHaveLength(1)
  })

  it('takes a photo only through the review pipeline: re-encoded, and no foreign address', async () => {
    const foreign = await noa('POST', `/api/account/reviews/Package/${ids.packageId}`, {
      ...goodReview,
      photo: '/uploads/berbere.webp',
    })
    expect(foreign.statusCode).toBe(422)
    expect(foreign.json().code).toBe('REVIEW_PHOTO_UNKNOWN')

    const jpeg = await picture(800, 600)
      .withMetadata({ exif: { IFD0: { Artist: 'Noa Cohen' } } })
      .jpeg()
      .toBuffer()
    const body = multipart([{ field: 'file', name: 'me.jpg', type: 'image/jpeg', data: jpeg }])
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/reviews/photos', ...body })
    expect(anonymous.statusCode).toBe(401)
    const token = await shopperToken(tokens, 'rev-noa')
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviews/photos',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    })
    expect(uploaded.statusCode).toBe(200)
    const url = uploaded.json().data.url as string
    expect(url).toMatch(/\/reviews\/.+\.webp$/)
    const served = await ctx.app.inject({ url })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.includes(Buffer.from('Noa Cohen'))).toBe(false)

    const created = await noa('POST', `/api/account/reviews/Package/${ids.packageId}`, {
      ...goodReview,
      photo: url,
    })
    expect(created.statusCode).toBe(201)
    expect(created.json().data.photo).toBe(url)
  })

  it('edits the review: back in the queue, the earlier refusal forgotten', async () => {
    const [row] = await rowsOf('rev-noa')
    await ctx.database.db
      .update(reviews)
      .set({ status: 'rejected', rejectionReason: 'לא ענייני' })
      .where(eq(reviews.id, row!.id))
    const edited = await noa('PUT', `/api/account/reviews/Product/${ids.productId}`, {
      ...goodReview,
      rating: 4,
      comment: 'אחרי עוד שימוש: טוב מאוד, קצת חריף',
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().data).toMatchObject({ rating: 4, status: 'pending', rejectionReason: null })
    const none = await asShopper(ctx, await shopperToken(tokens, 'rev-none'))(
      'PUT',
      `/api/account/reviews/Product/${ids.productId}`,
      goodReview,
    )
    expect(none.statusCode).toBe(404)
  })

  it('goes with the account when the shopper deletes it', async () => {
    const leaver = asShopper(ctx, await shopperToken(tokens, 'rev-leaver'))
    await seedDeliveredOrder(ctx.database.db, {
      subject: 'rev-leaver',
      lines: [{ itemId: ids.productId, unitPriceAgorot: 2490, quantity: 1 }],
    })
    expect(
      (await leaver('POST', `/api/account/reviews/Product/${ids.productId}`, goodReview)).statusCode,
    ).toBe(201)
    expect((await leaver('DELETE', '/api/account')).statusCode).toBe(200)
    expect(await rowsOf('rev-leaver')).toEqual([])
  })
})
