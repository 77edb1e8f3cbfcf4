import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * Mail outbox: a message is rendered and stored with the change that causes it,
 * and sent afterwards; the unique key makes "one confirmation per order" a constraint.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** e.g. `order-confirmation:<orderId>`. */
    dedupeKey: text('dedupe_key').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** A worker that claimed the message holds it until then; after that another may retry. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_idx').on(t.dedupeKey),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
)

/**
 * What became of each mail a shopper is owed as the order moves on (issue 41): queued, or
 * not sent and why. The admin's order shows it beside the statuses; the outbox says whether
 * a queued one went out. One row per mail (the outbox key), so a step is logged once.
 */
export const orderMailEvents = pgTable(
  'order_mail_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Text, not a foreign key: the mail module does not reach into the orders' tables. */
    orderId: uuid('order_id').notNull(),
    step: text('step').notNull(),
    /** The outbox key of the mail, sent or not. */
    dedupeKey: text('dedupe_key').notNull(),
    outcome: text('outcome', { enum: ['queued', 'switched-off', 'no-address'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_mail_events_key_idx').on(t.dedupeKey),
    index('order_mail_events_order_idx').on(t.orderId, t.at),
  ],
)
