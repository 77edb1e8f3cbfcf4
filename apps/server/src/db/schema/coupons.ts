import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { orders } from './orders.js'

/**
 * Discount coupons (issue 19, decision 223). `code` is stored upper-cased, so codes are
 * unique without case. `usedCount` is the uses held by orders waiting for payment or paid:
 * raised by a conditional update in the order's own transaction, lowered by a trigger when
 * such an order fails or is cancelled (migration `coupons`).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** percent: a whole 1–100; fixed: agorot. */
    value: integer('value').notNull(),
    minimumAgorot: integer('minimum_agorot'),
    /** Days in Asia/Jerusalem, both included. */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    onePerCustomer: boolean('one_per_customer').notNull().default(false),
    freeShipping: boolean('free_shipping').notNull().default(false),
    /** English category names; empty: every line. */
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    /** A welcome coupon's e-mail (lower-case): one per newsletter subscriber, ever. */
    issuedTo: text('issued_to'),
    /**
     * `issuedTo`'s mailbox (lib/mailbox.ts): unique, so aliases of one mailbox get one welcome
     * coupon (decision 239). Null for coupons that are not personal, and for the extra ones
     * aliases collected before migration 0017.
     */
    issuedToMailbox: text('issued_to_mailbox'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(t.code),
    uniqueIndex('coupons_issued_to_idx').on(t.issuedTo),
    uniqueIndex('coupons_issued_to_mailbox_idx').on(t.issuedToMailbox),
    check('coupons_used_count_not_negative', sql`${t.usedCount} >= 0`),
  ],
)

/**
 * One row per order holding a use of a coupon. `customerKey` is the e-mail (lower-cased)
 * for a one-per-customer coupon, so the unique index refuses a second use by the same
 * customer even under concurrency; null otherwise.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    email: text('email').notNull(),
    customerKey: text('customer_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_redemptions_customer_idx').on(t.couponId, t.customerKey)],
)

/**
 * The welcome coupon newsletter subscribers with marketing consent receive (issue 19): one
 * row, `id` = 'welcome'; none means off.
 */
export const welcomeCouponSettings = pgTable('welcome_coupon_settings', {
  id: text('id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
  /** percent: a whole 1–100; fixed: agorot. */
  value: integer('value').notNull(),
  validDays: integer('valid_days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
