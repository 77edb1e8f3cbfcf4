import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { orders } from './orders.js'

/**
 * Reviews from verified buyers (issue 36, decision 279). One per buyer and item: the buyer is
 * the account's subject, or `email:<address>` for a guest's order. No foreign key to the
 * catalogue (like favourites): a deleted item's reviews are simply never shown.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id').notNull(),
    itemType: text('item_type', { enum: ['Product', 'Package'] }).notNull(),
    buyerKey: text('buyer_key').notNull(),
    accountSubject: text('account_subject'),
    /** The order's e-mail, lower-case: an erasure by e-mail finds the review by it. */
    email: text('email').notNull(),
    /** The order that proved the purchase; null once that order is gone. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** First name and the initial of the last name, made once from the order (decision 280). */
    author: text('author').notNull(),
    /** The item's name as the order had it, for the admin's queue. */
    itemName: text('item_name').notNull(),
    /** The order's number (TV-1234), for the owner. */
    orderNumber: text('order_number'),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    photoUrl: text('photo_url'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    reply: text('reply'),
    replyAt: timestamp('reply_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_item_buyer_idx').on(t.itemType, t.itemId, t.buyerKey),
    index('reviews_item_status_idx').on(t.itemType, t.itemId, t.status, t.createdAt),
    index('reviews_status_updated_idx').on(t.status, t.updatedAt),
    index('reviews_email_idx').on(t.email),
    index('reviews_account_subject_idx').on(t.accountSubject),
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_item_type_check', sql`${t.itemType} IN ('Product', 'Package')`),
    check('reviews_status_check', sql`${t.status} IN ('pending', 'approved', 'rejected')`),
  ],
)

/** The review e-mail of a delivered order, sent once (decision 281). */
export const reviewRequests = pgTable('review_requests', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * One e-mailed link per item of the order (decision 281): signed like the confirmation links
 * (decision 237), only the secret's SHA-256 stored, used once.
 */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    itemType: text('item_type', { enum: ['Product', 'Package'] }).notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('review_links_order_item_idx').on(t.orderId, t.itemType, t.itemId)],
)
