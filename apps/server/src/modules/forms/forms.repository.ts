import { count, desc, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import {
  contactMessages,
  earlyAdopters,
  eventInquiries,
  newsletterSubscribers,
} from '../../db/schema/index.js'

export type NewsletterRow = typeof newsletterSubscribers.$inferSelect
export type EarlyAdopterRow = typeof earlyAdopters.$inferSelect
export type EventInquiryRow = typeof eventInquiries.$inferSelect
export type ContactMessageRow = typeof contactMessages.$inferSelect

type Page = { page: number; limit: number }

export function createFormsRepository(db: Database) {
  return {
    /** Inserts or, for an address already subscribed, refreshes name and city. */
    async upsertSubscriber(values: {
      fullName: string
      email: string
      city: string
    }): Promise<NewsletterRow> {
      const [row] = await db
        .insert(newsletterSubscribers)
        .values(values)
        .onConflictDoUpdate({
          target: newsletterSubscribers.email,
          set: { fullName: values.fullName, city: values.city, updatedAt: sql`now()` },
        })
        .returning()
      return row!
    },

    async insertEarlyAdopter(values: typeof earlyAdopters.$inferInsert): Promise<EarlyAdopterRow> {
      const [row] = await db.insert(earlyAdopters).values(values).returning()
      return row!
    },

    /** `then` runs in the same transaction, so the row and the shop's notice commit together. */
    async insertEventInquiry(
      values: typeof eventInquiries.$inferInsert,
      then: (row: EventInquiryRow, tx: Database) => Promise<void>,
    ): Promise<EventInquiryRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(eventInquiries).values(values).returning()
        await then(row!, tx)
        return row!
      })
    },

    async insertContactMessage(
      values: typeof contactMessages.$inferInsert,
      then: (row: ContactMessageRow, tx: Database) => Promise<void>,
    ): Promise<ContactMessageRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(contactMessages).values(values).returning()
        await then(row!, tx)
        return row!
      })
    },

    ...formReads(db),
  }
}
export type FormsRepository = ReturnType<typeof createFormsRepository>

/** The admin lists and the CSV exports: every form's rows, newest first. */
function formReads(db: Database) {
  const offset = ({ page, limit }: Page) => (page - 1) * limit

  async function paged<R>(rows: PromiseLike<R[]>, total: PromiseLike<Array<{ value: number }>>) {
    const [items, [counted]] = await Promise.all([rows, total])
    return { rows: items, total: counted?.value ?? 0 }
  }

  return {
    // Newest first; the id breaks ties between rows of the same instant.
    findSubscribers: (page: Page) =>
      paged(
        db
          .select()
          .from(newsletterSubscribers)
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(page.limit)
          .offset(offset(page)),
        db.select({ value: count() }).from(newsletterSubscribers),
      ),
    findEarlyAdopters: (page: Page) =>
      paged(
        db
          .select()
          .from(earlyAdopters)
          .orderBy(desc(earlyAdopters.createdAt), desc(earlyAdopters.id))
          .limit(page.limit)
          .offset(offset(page)),
        db.select({ value: count() }).from(earlyAdopters),
      ),
    findEventInquiries: (page: Page) =>
      paged(
        db
          .select()
          .from(eventInquiries)
          .orderBy(desc(eventInquiries.createdAt), desc(eventInquiries.id))
          .limit(page.limit)
          .offset(offset(page)),
        db.select({ value: count() }).from(eventInquiries),
      ),
    findContactMessages: (page: Page) =>
      paged(
        db
          .select()
          .from(contactMessages)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(page.limit)
          .offset(offset(page)),
        db.select({ value: count() }).from(contactMessages),
      ),

    // Every row, newest first, for the CSV exports.
    allSubscribers: () =>
      db
        .select()
        .from(newsletterSubscribers)
        .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id)),
    allEarlyAdopters: () =>
      db.select().from(earlyAdopters).orderBy(desc(earlyAdopters.createdAt), desc(earlyAdopters.id)),
    allEventInquiries: () =>
      db.select().from(eventInquiries).orderBy(desc(eventInquiries.createdAt), desc(eventInquiries.id)),
    allContactMessages: () =>
      db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)),
  }
}
