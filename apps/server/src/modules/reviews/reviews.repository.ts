import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { ItemType, ReviewStatus } from '@tavlin/contracts'
import type { Database } from '../../db/client.js'
import type { Executor } from '../../db/unit-of-work.js'
import { reviews } from '../../db/schema/index.js'

export type ReviewRow = typeof reviews.$inferSelect
export type NewReview = typeof reviews.$inferInsert
export type ReviewKey = { itemType: ItemType; itemId: string }
export type ReviewEdit = { rating: number; comment: string; photoUrl: string | null }

const itemIs = (item: ReviewKey): SQL =>
  and(eq(reviews.itemType, item.itemType), eq(reviews.itemId, item.itemId))!
const published = (item: ReviewKey): SQL => and(itemIs(item), eq(reviews.status, 'approved'))!

/** The reviews table (issue 36, decision 279): Drizzle only, no rules. */
export function createReviewsRepository(db: Database) {
  return {
    async findOne(item: ReviewKey, buyerKey: string): Promise<ReviewRow | undefined> {
      const [row] = await db
        .select()
        .from(reviews)
        .where(and(itemIs(item), eq(reviews.buyerKey, buyerKey)))
      return row
    },

    async findById(id: string): Promise<ReviewRow | undefined> {
      const [row] = await db.select().from(reviews).where(eq(reviews.id, id))
      return row
    },

    /** A buyer's reviews of any of `items`. */
    async findOfBuyer(buyerKey: string): Promise<ReviewRow[]> {
      return db.select().from(reviews).where(eq(reviews.buyerKey, buyerKey))
    },

    /** Null when the buyer reviewed the item already (the unique index decides, also in a race). */
    async insert(row: NewReview, executor: Executor = db): Promise<ReviewRow | null> {
      const [inserted] = await executor.insert(reviews).values(row).onConflictDoNothing().returning()
      return inserted ?? null
    },

    /** An edit goes back to the queue: pending again, the old refusal's reason cleared. */
    async edit(id: string, edit: ReviewEdit): Promise<ReviewRow> {
      const [row] = await db
        .update(reviews)
        .set({ ...edit, status: 'pending', rejectionReason: null, updatedAt: sql`now()` })
        .where(eq(reviews.id, id))
        .returning()
      return row!
    },

    async moderate(id: string, status: ReviewStatus, reason: string | null): Promise<ReviewRow | undefined> {
      const [row] = await db
        .update(reviews)
        .set({ status, rejectionReason: reason, updatedAt: sql`now()` })
        .where(eq(reviews.id, id))
        .returning()
      return row
    },

    async setReply(id: string, reply: string | null): Promise<ReviewRow | undefined> {
      const [row] = await db
        .update(reviews)
        .set({ reply, replyAt: reply === null ? null : sql`now()` })
        .where(eq(reviews.id, id))
        .returning()
      return row
    },

    ...publishedReads(db),

    /** Of `urls`, the photos some review shows. */
    async photosInUse(urls: readonly string[]): Promise<Set<string>> {
      if (urls.length === 0) return new Set()
      const rows = await db
        .select({ url: reviews.photoUrl })
        .from(reviews)
        .where(inArray(reviews.photoUrl, [...urls]))
      return new Set(rows.map((row) => row.url!))
    },

    /**
     * An erasure or a deleted account (decision 280): the person's reviews go, in the
     * caller's transaction. Answers the photos they showed, for the uploads to release.
     */
    async removeOf(who: { subject?: string; email?: string }, executor: Executor = db): Promise<string[]> {
      const conditions = [
        who.subject ? eq(reviews.accountSubject, who.subject) : undefined,
        who.email ? eq(reviews.email, who.email.toLowerCase()) : undefined,
      ].filter((condition): condition is SQL => condition !== undefined)
      if (conditions.length === 0) return []
      const removed = await executor
        .delete(reviews)
        .where(or(...conditions))
        .returning({ photoUrl: reviews.photoUrl })
      return removed.flatMap((row) => (row.photoUrl ? [row.photoUrl] : []))
    },
  }
}
export type ReviewsRepository = ReturnType<typeof createReviewsRepository>

/** The published reviews' reads, and the admin's queue. */
function publishedReads(db: Database) {
  return {
    /** How many published reviews gave each number of stars. */
    async distribution(item: ReviewKey): Promise<Array<{ rating: number; count: number }>> {
      return db
        .select({ rating: reviews.rating, count: count() })
        .from(reviews)
        .where(published(item))
        .groupBy(reviews.rating)
    },

    /** Published reviews, newest first. */
    async publishedPage(item: ReviewKey, limit: number, offset: number): Promise<ReviewRow[]> {
      return db
        .select()
        .from(reviews)
        .where(published(item))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit)
        .offset(offset)
    },

    /** Average and count of the published reviews of each item (the cards). */
    async ratings(items: ReviewKey[]) {
      if (items.length === 0) return []
      return db
        .select({
          itemType: reviews.itemType,
          itemId: reviews.itemId,
          average: sql<string>`avg(${reviews.rating})`,
          count: count(),
        })
        .from(reviews)
        .where(and(eq(reviews.status, 'approved'), or(...items.map(itemIs))))
        .groupBy(reviews.itemType, reviews.itemId)
    },

    /** The admin's queue: the oldest waiting first; decided ones the newest decision first. */
    async adminPage(status: ReviewStatus, limit: number, offset: number) {
      const order = status === 'pending' ? reviews.updatedAt : desc(reviews.updatedAt)
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(reviews)
          .where(eq(reviews.status, status))
          .orderBy(order, reviews.id)
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(reviews).where(eq(reviews.status, status)),
      ])
      return { rows, total: total?.total ?? 0 }
    },
  }
}
