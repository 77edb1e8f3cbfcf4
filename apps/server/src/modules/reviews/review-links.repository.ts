import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { ItemType } from '@tavlin/contracts'
import type { Database } from '../../db/client.js'
import type { Executor } from '../../db/unit-of-work.js'
import { reviewLinks, reviewRequests } from '../../db/schema/index.js'

export type ReviewLinkRow = typeof reviewLinks.$inferSelect
export type NewReviewLink = {
  id: string
  orderId: string
  itemId: string
  itemType: ItemType
  secretHash: string
  expiresAt: Date
}

/** The review e-mails sent (one per order) and their single-use links (decision 281). Drizzle only. */
export function createReviewLinksRepository(db: Database) {
  return {
    /** Of `orderIds`, those whose review e-mail went out already. */
    async mailed(orderIds: string[]): Promise<Set<string>> {
      if (orderIds.length === 0) return new Set()
      const rows = await db
        .select({ orderId: reviewRequests.orderId })
        .from(reviewRequests)
        .where(inArray(reviewRequests.orderId, orderIds))
      return new Set(rows.map((row) => row.orderId))
    },

    /** Marks the order's e-mail as sent; false when another run did it first. */
    async claimRequest(tx: Executor, orderId: string): Promise<boolean> {
      const rows = await tx
        .insert(reviewRequests)
        .values({ orderId })
        .onConflictDoNothing()
        .returning({ orderId: reviewRequests.orderId })
      return rows.length > 0
    },

    async insertLinks(tx: Executor, links: NewReviewLink[]): Promise<void> {
      if (links.length > 0) await tx.insert(reviewLinks).values(links).onConflictDoNothing()
    },

    async find(id: string): Promise<ReviewLinkRow | undefined> {
      const [row] = await db.select().from(reviewLinks).where(eq(reviewLinks.id, id))
      return row
    },

    /** Uses the link; false when it was used already (also by a request a moment earlier). */
    async use(tx: Executor, id: string): Promise<boolean> {
      const rows = await tx
        .update(reviewLinks)
        .set({ usedAt: sql`now()` })
        .where(and(eq(reviewLinks.id, id), isNull(reviewLinks.usedAt)))
        .returning({ id: reviewLinks.id })
      return rows.length > 0
    },
  }
}
export type ReviewLinksRepository = ReturnType<typeof createReviewLinksRepository>
