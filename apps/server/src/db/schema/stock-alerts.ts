import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * Back-in-stock alerts (issue 36, decision 277): a mailbox waiting for one sold-out size
 * (or package, size 'package'). A row exists only once the address confirmed it from its
 * own mailbox (decision 237), and is deleted in the transaction that queues its one mail,
 * or when its product or size is deleted: what stays is only what still waits. No foreign
 * key to the catalogue: the sweep drops the rows of what is gone.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The confirmation that created it: two clicks on one link make one alert. */
    confirmationId: uuid('confirmation_id').notNull(),
    /** Lower-cased; where the alert goes. */
    email: text('email').notNull(),
    /** lib/mailbox.ts's form of `email`: the per-mailbox limit counts aliases together. */
    mailbox: text('mailbox').notNull(),
    /** The shopper account that asked while signed in; its deletion removes the alert. */
    subject: text('subject'),
    itemType: text('item_type', { enum: ['Product', 'Package'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    size: text('size').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    requestAddress: text('request_address'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
    confirmAddress: text('confirm_address'),
  },
  (t) => [
    uniqueIndex('stock_alerts_confirmation_idx').on(t.confirmationId),
    uniqueIndex('stock_alerts_email_item_idx').on(t.email, t.itemType, t.itemId, t.size),
    index('stock_alerts_item_idx').on(t.itemType, t.itemId, t.size),
    index('stock_alerts_mailbox_idx').on(t.mailbox),
    index('stock_alerts_subject_idx').on(t.subject),
    check('stock_alerts_item_type_check', sql`${t.itemType} IN ('Product', 'Package')`),
  ],
)
