import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import type { Executor } from '../../db/unit-of-work.js'
import { mailOutbox, orderMailEvents } from '../../db/schema/index.js'

export type OutboxMessage = typeof mailOutbox.$inferSelect
export type OrderMailEvent = typeof orderMailEvents.$inferInsert
export type OrderMailOutcome = OrderMailEvent['outcome']

export function createMailRepository(db: Database) {
  return {
    ...orderMailEventsOf(db),
    /** `executor` lets the caller write the message in the transaction (unit of work) of the change that causes it. */
    async enqueue(messages: Array<typeof mailOutbox.$inferInsert>, executor: Executor = db): Promise<void> {
      if (messages.length === 0) return
      await executor.insert(mailOutbox).values(messages).onConflictDoNothing({ target: mailOutbox.dedupeKey })
    },

    /**
     * Claims due messages for one worker. The claim is a lease, not an open
     * transaction: sending takes network time, and another worker must be able
     * to take the message over if this one dies.
     */
    async claimDue(limit: number, leaseSeconds: number): Promise<OutboxMessage[]> {
      const due = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            lte(mailOutbox.nextAttemptAt, sql`now()`),
            sql`(${mailOutbox.lockedUntil} is null or ${mailOutbox.lockedUntil} < now())`,
          ),
        )
        .orderBy(mailOutbox.createdAt, mailOutbox.id)
        .limit(limit)
        .for('update', { skipLocked: true })
      return db
        .update(mailOutbox)
        .set({
          lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(inArray(mailOutbox.id, due))
        .returning()
    },

    /** `redact`: the body held a secret link; only the subject and address stay once it is sent. */
    async markSent(id: string, redact = false): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          lockedUntil: null,
          lastError: null,
          ...(redact ? { html: '', text: '' } : {}),
        })
        .where(eq(mailOutbox.id, id))
    },

    async markFailed(id: string, error: string, retryInSeconds: number | null): Promise<void> {
      await db
        .update(mailOutbox)
        .set(
          retryInSeconds === null
            ? { status: 'dead', lockedUntil: null, lastError: error }
            : {
                lockedUntil: null,
                lastError: error,
                nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
              },
        )
        .where(eq(mailOutbox.id, id))
    },

    async findByDedupeKey(dedupeKey: string): Promise<OutboxMessage | null> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey))
      return row ?? null
    },
  }
}
export type MailRepository = ReturnType<typeof createMailRepository>

/** The order's mail history (issue 41): what became of each mail the shopper is owed. */
function orderMailEventsOf(db: Database) {
  return {
    /** Logs what became of an order's mail, once per mail: a repeat of the step keeps the first word. */
    async logOrderMail(event: OrderMailEvent, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .insert(orderMailEvents)
        .values(event)
        .onConflictDoNothing({ target: orderMailEvents.dedupeKey })
        .returning({ id: orderMailEvents.id })
      return rows.length > 0
    },

    /** An order's mails, oldest first, with whether each queued one has gone out. */
    async orderMailHistory(orderId: string) {
      return db
        .select({
          step: orderMailEvents.step,
          outcome: orderMailEvents.outcome,
          at: orderMailEvents.at,
          delivery: mailOutbox.status,
        })
        .from(orderMailEvents)
        .leftJoin(mailOutbox, eq(mailOutbox.dedupeKey, orderMailEvents.dedupeKey))
        .where(eq(orderMailEvents.orderId, orderId))
        .orderBy(asc(orderMailEvents.at), asc(orderMailEvents.id))
    },
  }
}
