import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { orders } from './orders.js'

/**
 * The one reminder of a checkout left half-way (issue 36, decision 282): at most one per order
 * (the unique index is what two processes meet on), with the restore link's hashed secret.
 * `restored_at` marks the link used; the row stays as the record of what was sent.
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The address it went to, lower-case: the next reminder's "once" and the dashboard's "followed". */
    email: text('email').notNull(),
    /** SHA-256 of the link's secret (decision 237's tokens): the database alone makes no link. */
    secretHash: text('secret_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cart_reminders_order_idx').on(t.orderId),
    index('cart_reminders_email_sent_idx').on(t.email, t.sentAt),
  ],
)
