// Delivered orders and review links as the review tests meet them (issue 36).
import { and, asc, eq, like } from 'drizzle-orm'
import { mailOutbox, orderStatusHistory, orders } from '../db/schema/index.js'
import type { Database } from '../db/client.js'
import type { TestContext } from './build-test-app.js'
import { seedAccountOrder, type AccountOrderLine } from './account-shop.js'

const DAY_MS = 24 * 60 * 60 * 1000

/** An order delivered `daysAgo` days ago (its history says so), to `subject` or a guest. */
export async function seedDeliveredOrder(
  db: Database,
  order: { subject: string | null; email?: string; lines: AccountOrderLine[]; daysAgo?: number },
): Promise<string> {
  const at = new Date(Date.now() - (order.daysAgo ?? 8) * DAY_MS)
  const id = await seedAccountOrder(db, {
    ...order,
    status: 'delivered',
    createdAt: new Date(at.getTime() - DAY_MS),
  })
  await db.insert(orderStatusHistory).values([
    { orderId: id, status: 'paid', at: new Date(at.getTime() - DAY_MS) },
    { orderId: id, status: 'delivered', at },
  ])
  return id
}

export async function setOrderStatus(db: Database, orderId: string, status: string): Promise<void> {
  await db.update(orders).set({ status }).where(eq(orders.id, orderId))
}

/** The review e-mails sent to `to`, oldest first. */
export async function reviewMails(ctx: TestContext, to: string) {
  return ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.dedupeKey, 'review-link:%')))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
}

/** The tokens of the newest review e-mail to `to`, one per item, in the mail's order. */
export async function reviewTokens(ctx: TestContext, to: string): Promise<string[]> {
  const text = (await reviewMails(ctx, to)).at(-1)?.text ?? ''
  return [...text.matchAll(/\/review#(\S+)/g)].map((match) => match[1]!)
}

export const goodReview = { rating: 5, comment: 'טעים מאוד, התבלין הכי טוב שקניתי', photo: null }
