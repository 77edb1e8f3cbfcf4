import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, vi } from 'vitest'
import { englishWordsIn, type GenerateSaleRequest } from '@tavlin/contracts'
import { mailOutbox, orders } from '../db/schema/index.js'
import { allowAllAdmins, buildTestApp, type TestContext } from './build-test-app.js'
import { saleRequest, seedCatalogue, testCustomer } from './factories.js'
import { mailFiles, type MailFile } from './mail-files.js'
import { payInSandbox } from './pay-in-sandbox.js'

let buyers = 0
/** Delivery through the outbox's immediate run; generous for a machine shared with other work. */
const WAIT = { timeout: 30_000, interval: 100 }

/**
 * A listening shop whose mails go out as soon as they are queued (decision 258) into the mail
 * folder, for the shopper's order mails (issue 41): paid orders, the admin's actions, the files.
 */
export function useCustomerMailShop() {
  const state = {} as {
    ctx: TestContext & { baseUrl: string }
    ids: { productId: string; packageId: string }
  }
  beforeAll(async () => {
    state.ctx = await buildTestApp(
      { mailSendsAtOnce: true },
      { FORMS_RATE_LIMIT_PER_MINUTE: '50' },
      { listen: true, requireAdmin: allowAllAdmins },
    )
    state.ids = await seedCatalogue(state.ctx.database.db)
  })
  afterAll(() => state.ctx.close())

  const call = (method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    state.ctx.app.inject({ method, url, ...(payload ? { payload } : {}) })

  return {
    get ctx() {
      return state.ctx
    },
    get ids() {
      return state.ids
    },
    call,
    /** The shopper's browser on the sandbox's card page, with the card given. */
    async payWith(paymentLink: string, card: string) {
      const form = new URLSearchParams({
        card_number: card,
        card_holder_name: 'נועה כהן',
        identification_number: '123456782',
        expiry_month: '12',
        expiry_year: String(new Date().getFullYear() + 2),
        cvv: '123',
      })
      const url = new URL(new URL(paymentLink).pathname, state.ctx.baseUrl)
      const response = await fetch(url, { method: 'POST', body: form, redirect: 'manual' })
      await response.arrayBuffer()
    },
    move: (id: string, orderStatus: string) => call('PATCH', `/api/orders/${id}`, { orderStatus }),

    /** A paid order of its own mailbox (184.80 ₪ unless `overrides` say otherwise). */
    async paidOrder(overrides: Partial<GenerateSaleRequest> = {}) {
      const email = `mail-buyer${++buyers}.${process.pid}@example.com`
      const response = await call(
        'POST',
        '/api/orders/generate-sale',
        saleRequest(state.ids, { customer: { ...testCustomer, email }, ...overrides }),
      )
      expect(response.statusCode, response.body).toBe(201)
      const { order, paymentLink } = response.json().data as {
        order: { _id: string; number: string; statusToken: string }
        paymentLink: string
      }
      expect(await payInSandbox(state.ctx.baseUrl, paymentLink)).toBe(303)
      const [row] = await state.ctx.database.db.select().from(orders).where(eq(orders.id, order._id))
      expect(row!.status).toBe('paid')
      return { id: order._id, number: order.number, token: order.statusToken, email, paymentLink }
    },

    /** The mail to `email` whose subject says `subject`, once it is in the mail folder. */
    async mailTo(email: string, subject: string): Promise<MailFile> {
      let found: MailFile | undefined
      await vi.waitFor(() => {
        found = mailFiles(state.ctx.config.dataDir).find(
          (mail) => mail.to.includes(email) && mail.subject.includes(subject),
        )
        expect(found, `a mail "${subject}" to ${email}`).toBeDefined()
      }, WAIT)
      return found!
    },

    /** Every mail in the folder to `email`. */
    mailsTo: (email: string) => mailFiles(state.ctx.config.dataDir).filter((mail) => mail.to.includes(email)),

    /** The outbox rows of an order's mails, by key prefix. */
    async outboxOf(orderId: string) {
      const rows = await state.ctx.database.db.select().from(mailOutbox)
      return rows.filter((row) => row.dedupeKey.includes(orderId))
    },

    /** The order's mail history, as the admin's order page reads it. */
    async history(orderId: string) {
      const response = await call('GET', `/api/orders/${orderId}`)
      expect(response.statusCode, response.body).toBe(200)
      return response.json().data.mails as Array<{ step: string; outcome: string; delivery: string | null }>
    },
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }

/** What a mail program shows of an HTML body: its text, without tags, with entities read. */
export function shownText(html: string): string {
  return html
    .replace(/<(style|script|title)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name]!)
}

/**
 * What is left of an HTML body outside isolated pieces (`<bdi>`, `dir="ltr"`): an e-mail
 * address, a phone number, a date, an order number or a code left there can break in RTL.
 */
export function unisolated(html: string): string[] {
  const outside = shownText(
    html
      .replace(/<bdi\b[^>]*>[\s\S]*?<\/bdi>/g, ' ')
      .replace(/<(\w+)\b[^>]*dir="ltr"[^>]*>[\s\S]*?<\/\1>/g, ' '),
  )
  return outside.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b\w+(?:[-/.:]\w+)+\b|\b[A-Za-z]+\d+\w*\b/g) ?? []
}

/** The href of the mail's button (the link styled as one). */
export function buttonHref(html: string): string | undefined {
  return /<a href="([^"]*)" class="tv-button"/.exec(html)?.[1]?.replaceAll('&amp;', '&')
}

/**
 * The rules every shopper's mail keeps (issue 41): Hebrew right to left, no English word, no
 * raw key or empty value, every price in the shop's one form, codes isolated, a text part.
 */
export function expectShopperMail(mail: MailFile) {
  expect(mail.html).toContain('dir="rtl"')
  expect(mail.text.length).toBeGreaterThan(50)
  for (const shown of [mail.subject, mail.text, shownText(mail.html)]) {
    expect(englishWordsIn(shown)).toEqual([])
    expect(shown).not.toMatch(/undefined|null|NaN|\{\{|\w+\.\w+\.\w+Key/)
    expect(shown).not.toMatch(/₪\s*\d/)
    // Tags read as spaces here, so a price's parts may stand apart by a space or an isolate mark.
    expect(shown.match(/₪/g)?.length ?? 0).toBe(shown.match(/\d\.\d{2}\s*\u2069?\s*₪/g)?.length ?? 0)
  }
  expect(unisolated(mail.html)).toEqual([])
}
