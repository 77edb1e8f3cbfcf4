import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { orders } from './orders.js'

/** Every refund the provider confirmed; an order's refunded amount is their sum. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountAgorot: integer('amount_agorot').notNull(),
    feeAgorot: integer('fee_agorot').notNull().default(0),
    /** The provider's refund transaction. */
    transactionUid: text('transaction_uid').notNull(),
    /** The credit document PayPlus's invoice module issued, when it is on. */
    documentUrl: text('document_url'),
    cancellationId: uuid('cancellation_id'),
    actorSubject: text('actor_subject'),
    actorEmail: text('actor_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    check('order_refunds_amount_positive', sql`${t.amountAgorot} > 0`),
  ],
)

export type CancellationFigures = {
  isAllowed: boolean
  reason: string | null
  baseAgorot: number
  feeAgorot: number
  refundAgorot: number
  isPartial: boolean
  deadline: string | null
}

/** Cancellation notices sent through /cancel-order (ביטול עסקה), for the admin's inbox. */
export const cancellationRequests = pgTable(
  'cancellation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Copied from the order for the inbox, so the list needs no join into another module. */
    orderNumber: integer('order_number').notNull(),
    customerName: text('customer_name').notNull(),
    orderTotalAgorot: integer('order_total_agorot').notNull(),
    reason: text('reason'),
    isDefect: boolean('is_defect').notNull().default(false),
    /** open, refunded, rejected */
    status: text('status').notNull().default('open'),
    /** What the law allowed when the notice arrived (assessCancellation). */
    figures: jsonb('figures').$type<CancellationFigures>().notNull(),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The notice's time (decision 238): sent by the signed-in owner, or confirmed from the order's e-mail. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The e-mailed confirmation that filed it; unique, so a link filed twice at once files once. */
    confirmationId: uuid('confirmation_id'),
    /** account (the order's signed-in owner) or email (the order's mailbox); null before decision 238. */
    confirmedBy: text('confirmed_by', { enum: ['account', 'email'] }),
    /** When and from where the form was sent, when it was confirmed by e-mail later. */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    requestAddress: text('request_address'),
    confirmAddress: text('confirm_address'),
  },
  (t) => [
    index('cancellation_requests_status_idx').on(t.status, t.createdAt.desc()),
    index('cancellation_requests_order_idx').on(t.orderId),
    uniqueIndex('cancellation_requests_confirmation_idx').on(t.confirmationId),
  ],
)

/** Refunds the built-in PayPlus sandbox made (Transactions/RefundByTransactionUID). */
export const sandboxRefunds = pgTable(
  'sandbox_payplus_refunds',
  {
    refundUid: uuid('refund_uid').primaryKey(),
    /** The charge given back; a text, since the sandbox answers unknown uids with its own error. */
    transactionUid: uuid('transaction_uid').notNull(),
    amountAgorot: integer('amount_agorot').notNull(),
    /** Whether the credit document was asked for (initial_invoice). */
    hasDocument: boolean('has_document').notNull().default(false),
    /** The shop's own reference for the refund, echoed in the look-up's related transactions. */
    moreInfo: text('more_info'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_payplus_refunds_transaction_idx').on(t.transactionUid)],
)
