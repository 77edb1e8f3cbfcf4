import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { englishWordsIn } from '@tavlin/contracts'
import { mailOutbox } from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { saleRequest, seedCatalogue } from '../../test/factories.js'
import { payInSandbox } from '../../test/pay-in-sandbox.js'
import { tokenFactory } from '../../test/tokens.js'

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }

/** What a mail program shows of an HTML body: its text, without tags, with entities read. */
function shownText(html: string): string {
  return html
    .replace(/<(style|script|title)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name]!)
}

/**
 * What is left of an HTML body outside isolated pieces (`<bdi>`, `dir="ltr"`): an e-mail
 * address, a phone number, a date, an order number or a code left there can break in RTL.
 */
function unisolated(html: string): string[] {
  const outside = shownText(
    html
      .replace(/<bdi\b[^>]*>[\s\S]*?<\/bdi>/g, ' ')
      .replace(/<(\w+)\b[^>]*dir="ltr"[^>]*>[\s\S]*?<\/\1>/g, ' '),
  )
  return outside.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b\w+(?:[-/.:]\w+)+\b|\b[A-Za-z]+\d+\w*\b/g) ?? []
}

// Issue 35: "(package)" in the order e-mail, "package" in the orders file.
describe('the order e-mails and the orders file speak Hebrew', () => {
  let ctx: TestContext & { baseUrl: string }
  let admin: Record<string, string>
  let orderId: string

  beforeAll(async () => {
    ctx = await buildTestApp({}, {}, { listen: true })
    admin = { authorization: `Bearer ${await (await tokenFactory(ctx.config, ctx.database.db)).admin()}` }
    // A product line and a package line, paid on the sandbox's card page.
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      payload: saleRequest(await seedCatalogue(ctx.database.db)),
      headers: { 'idempotency-key': 'hebrew-order' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const { paymentLink, order } = created.json().data as { paymentLink: string; order: { _id: string } }
    orderId = order._id
    expect(await payInSandbox(ctx.baseUrl, paymentLink)).toBe(303)
  })
  afterAll(() => ctx.close())

  it.each([['order-confirmation'], ['new-order-notice']])(
    'the %s e-mail has no English word, and its numbers, addresses and codes are isolated',
    async (kind) => {
      const mails = await ctx.database.db.select().from(mailOutbox)
      const mail = mails.find((candidate) => candidate.dedupeKey === `${kind}:${orderId}`)
      expect(mail).toBeDefined()
      expect(mail!.text).toContain('מארז')
      for (const shown of [mail!.subject, mail!.text, shownText(mail!.html)]) {
        expect(englishWordsIn(shown)).toEqual([])
      }
      expect(unisolated(mail!.html)).toEqual([])
    },
  )

  it.each([
    ['per order', ''],
    ['per line', 'lines=true'],
  ])('the orders file %s has no English word', async (_name, query) => {
    const response = await ctx.app.inject({ url: `/api/orders/export.csv?${query}`, headers: admin })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.body).toContain('TV-')
    if (query) expect(response.body).toContain(',מארז,')
    expect(englishWordsIn(response.body)).toEqual([])
  })
})
