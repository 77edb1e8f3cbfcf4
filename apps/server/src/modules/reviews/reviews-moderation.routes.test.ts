import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminReview } from '@tavlin/contracts'
import { asShopper, shopperToken } from '../../test/account-shop.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { seedCatalogue } from '../../test/factories.js'
import { goodReview, seedDeliveredOrder } from '../../test/reviews-shop.js'
import { jsonLd } from '../../test/seo-shop.js'
import { tokenFactory } from '../../test/tokens.js'

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web')

// The owner's queue, and what the public then sees (issue 36): the page, the cards, the JSON-LD.
describe('moderating reviews and showing them', () => {
  let ctx: TestContext
  let admin: Record<string, string>
  let ids: { productId: string; packageId: string }
  const reviewers = ['mod-a', 'mod-b', 'mod-c']

  const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) })
  const queue = async (status = 'pending') =>
    (await asAdmin('GET', `/api/admin/reviews?status=${status}`)).json().data.items as AdminReview[]
  const shown = async () =>
    (await ctx.app.inject({ url: `/api/reviews/Product/${ids.productId}` })).json().data

  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-dist-'))
    fs.mkdirSync(path.join(dist, 'locales', 'he'), { recursive: true })
    fs.copyFileSync(path.join(webRoot, 'index.html'), path.join(dist, 'index.html'))
    fs.copyFileSync(
      path.join(webRoot, 'public', 'locales', 'he', 'translation.json'),
      path.join(dist, 'locales', 'he', 'translation.json'),
    )
    ctx = await buildTestApp({ webDistDir: dist })
    const tokens = await tokenFactory(ctx.config, ctx.database.db)
    admin = { authorization: `Bearer ${await tokens.admin()}` }
    ids = await seedCatalogue(ctx.database.db)
    for (const [index, subject] of reviewers.entries()) {
      await seedDeliveredOrder(ctx.database.db, {
        subject,
        lines: [{ itemId: ids.productId, unitPriceAgorot: 2490, quantity: 1 }],
      })
      const shopper = asShopper(ctx, await shopperToken(tokens, subject))
      await shopper('POST', `/api/account/reviews/Product/${ids.productId}`, {
        ...goodReview,
        rating: [5, 4, 2][index],
        comment: `חוות דעת מספר ${index + 1} על הברברה`,
      })
    }
  })
  afterAll(() => ctx.close())

  it('keeps the admin area to administrators', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/reviews' })).statusCode).toBe(401)
  })

  it('queues every review, the oldest first, with the order and the item', async () => {
    const waiting = await queue()
    expect(waiting.map((review) => review.comment)).toEqual(
      [1, 2, 3].map((n) => `חוות דעת מספר ${n} על הברברה`),
    )
    expect(waiting[0]).toMatchObject({
      itemType: 'Product',
      itemName: 'ברברה',
      orderNumber: expect.stringMatching(/^TV-/),
    })
  })

  it('publishes on approval: average, count, distribution, newest first, the shop’s reply; each act logged', async () => {
    const [first, second, third] = await queue()
    // A kept read before the approval: it must not outlive it (decision 031).
    expect((await shown()).summary.count).toBe(0)
    expect((await asAdmin('POST', `/api/admin/reviews/${first!._id}/approve`)).statusCode).toBe(200)
    await asAdmin('POST', `/api/admin/reviews/${second!._id}/approve`)
    const rejected = await asAdmin('POST', `/api/admin/reviews/${third!._id}/reject`, {
      reason: 'לא קשור למוצר',
    })
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejectionReason: 'לא קשור למוצר' })
    expect(
      (await asAdmin('POST', `/api/admin/reviews/${third!._id}/reject`, { reason: '' })).statusCode,
    ).toBe(400)
    const replied = await asAdmin('PUT', `/api/admin/reviews/${first!._id}/reply`, {
      reply: 'תודה רבה, נועה!',
    })
    expect(replied.json().data.reply).toMatchObject({ text: 'תודה רבה, נועה!' })

    const page = await shown()
    expect(page.summary).toEqual({ average: 4.5, count: 2, distribution: [0, 0, 0, 1, 1] })
    expect(page.reviews.items.map((review: { rating: number }) => review.rating)).toEqual([4, 5])
    expect(page.reviews.items[1]).toMatchObject({
      author: 'דנה כ.',
      isVerifiedPurchase: true,
      reply: { text: 'תודה רבה, נועה!' },
    })
    // Nothing but the shown name and the review: no e-mail, no order, no account.
    expect(JSON.stringify(page)).not.toMatch(/example\.com|mod-a|TV-/)

    const activity = await asAdmin('GET', '/api/admin/activity?entityType=review')
    expect(
      activity
        .json()
        .data.items.map((entry: { action: string }) => entry.action)
        .sort(),
    ).toEqual(['status', 'status', 'status', 'update'])
    expect(await queue()).toEqual([])
    expect(await queue('rejected')).toHaveLength(1)
  })

  it('gives the cards their stars, and leaves out items with none', async () => {
    const response = await ctx.app.inject({
      url: `/api/reviews/ratings?items=Product:${ids.productId},Package:${ids.packageId}`,
    })
    expect(response.json().data).toEqual({ [`Product:${ids.productId}`]: { average: 4.5, count: 2 } })
    const bad = await ctx.app.inject({ url: '/api/reviews/ratings?items=Recipe:x' })
    expect(bad.statusCode).toBe(400)
  })

  it('puts AggregateRating and the reviews in the product page’s JSON-LD', async () => {
    const html = (
      await ctx.app.inject({ url: `/products/${ids.productId}/info`, headers: { accept: 'text/html' } })
    ).body
    const data = jsonLd(html) as Record<string, unknown>
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.5',
      reviewCount: 2,
      bestRating: '5',
      worstRating: '1',
    })
    expect(data.review).toEqual([
      expect.objectContaining({ '@type': 'Review', author: { '@type': 'Person', name: 'דנה כ.' } }),
      expect.objectContaining({ reviewRating: expect.objectContaining({ ratingValue: '5' }) }),
    ])
    const pack = (
      await ctx.app.inject({ url: `/packages/${ids.packageId}`, headers: { accept: 'text/html' } })
    ).body
    expect(jsonLd(pack)).not.toHaveProperty('aggregateRating')
  })

  it('answers 404 for a review that does not exist', async () => {
    const response = await asAdmin('POST', '/api/admin/reviews/00000000-0000-4000-8000-000000000000/approve')
    expect(response.statusCode).toBe(404)
  })
})
