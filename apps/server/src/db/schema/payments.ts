import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/** Every verified provider callback, once per distinct body: a replay is recognised here. */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    bodySha256: text('body_sha256').notNull(),
    transactionUid: text('transaction_uid').notNull(),
    orderId: text('order_id'),
    statusCode: text('status_code'),
    body: text('body').notNull(),
    /** What the orders service did with it: paid, failed, review, ignored. */
    outcome: text('outcome'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_callbacks_body_idx').on(t.provider, t.bodySha256),
    index('payment_callbacks_transaction_idx').on(t.transactionUid),
  ],
)

/** Payment pages the built-in PayPlus sandbox has handed out (DESIGN §3). */
export const sandboxPaymentPages = pgTable('sandbox_payplus_pages', {
  pageRequestUid: uuid('page_request_uid').primaryKey(),
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  amountAgorot: integer('amount_agorot').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const sandboxTransactions = pgTable(
  'sandbox_payplus_transactions',
  {
    transactionUid: uuid('transaction_uid').primaryKey(),
    pageRequestUid: uuid('page_request_uid')
      .notNull()
      .references(() => sandboxPaymentPages.pageRequestUid, { onDelete: 'cascade' }),
    statusCode: text('status_code').notNull(),
    /** The flat IPN `data` object, as the sandbox answers PaymentPages/ipn. */
    ipn: jsonb('ipn').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_payplus_transactions_page_idx').on(t.pageRequestUid, t.createdAt)],
)
