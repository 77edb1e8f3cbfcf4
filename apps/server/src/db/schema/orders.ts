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
import type { OrderDelivery } from '@tavlin/contracts'

export type OrderCustomer = {
  firstName: string
  lastName: string
  email: string
  /** Stored as 05XXXXXXXX since decision 225; older orders keep what was typed. */
  phone: string
  address: {
    street: string
    streetNum: string
    city: string
    postal_code?: string | undefined
    /** Optional since decision 226; absent on older orders. */
    entrance?: string | undefined
    floor?: string | undefined
    apartment?: string | undefined
  }
  notes?: string | undefined
}

/** What the thank-you page shows of the card; the ID number is stored masked. */
export type OrderPaymentDetails = {
  cardHolderName: string
  maskedIdNumber: string
  brandId: string | number | null
  brandName: string
  fourDigits: string
  approvalNumber: string | null
}

/**
 * The courier and tracking number of the order's parcel (issue 41): a copy of the courier as
 * it was when the number was recorded, so removing a courier leaves old orders' links whole.
 */
export type StoredOrderTracking = {
  courierId: string
  courierName: string
  urlPattern: string
  trackingNumber: string
  at: string
}

/** One charge of an order's payment: PayPlus's transaction, its amount and how it was paid. */
export type OrderCharge = { transactionUid: string; amountAgorot: number; method: string | null }

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human-readable order number, shown as TV-<n>. */
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
    status: text('status').notNull(),
    /** Secret of the payment-pending page: the order id alone must not reveal a status. */
    statusToken: text('status_token').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the request body, so a reused key with another cart is refused. */
    requestHash: text('request_hash').notNull(),
    customer: jsonb('customer').$type<OrderCustomer>().notNull(),
    subtotalAgorot: integer('subtotal_agorot').notNull(),
    /** What the coupon took off the items (decision 223); 0 without one. */
    discountAgorot: integer('discount_agorot').notNull().default(0),
    /** The coupon applied, as typed by the shop (upper-case); its id lets a failed order give the use back. */
    couponId: uuid('coupon_id'),
    couponCode: text('coupon_code'),
    shippingAgorot: integer('shipping_agorot').notNull(),
    /** The delivery method as it was when the order was placed (decision 228); null before it. */
    delivery: jsonb('delivery').$type<OrderDelivery>(),
    vatAgorot: integer('vat_agorot').notNull(),
    vatRate: text('vat_rate').notNull(),
    totalAgorot: integer('total_agorot').notNull(),
    currency: text('currency').notNull().default('ILS'),
    paymentProvider: text('payment_provider').notNull(),
    pageRequestUid: text('page_request_uid'),
    paymentLink: text('payment_link'),
    /**
     * Until when one request (or the recovery job) is asking the provider for this order's
     * payment page. Past it, with no link stored, whoever holds it died: another may take over.
     */
    pageClaimedUntil: timestamp('page_claimed_until', { withTimezone: true }),
    /**
     * Until when the payment page takes payments (its `expiry_datetime`) and the unpaid order
     * holds its units; set with the page. Null on orders older than issue 32 (then the
     * order's creation plus the payment window).
     */
    payableUntil: timestamp('payable_until', { withTimezone: true }),
    /** A refund under way holds the order until then, so two at once cannot both pay (issue 32). */
    refundClaimedUntil: timestamp('refund_claimed_until', { withTimezone: true }),
    transactionUid: text('transaction_uid'),
    payment: jsonb('payment').$type<OrderPaymentDetails>(),
    /**
     * The charges that paid the order: one, or the parts of a split payment (a club card's
     * credit and the card, issue 32), each refunded on its own. Null before issue 32: then
     * `transactionUid` alone, for the whole total.
     */
    charges: jsonb('charges').$type<OrderCharge[]>(),
    needsReview: boolean('needs_review').notNull().default(false),
    reviewReason: text('review_reason'),
    failureReason: text('failure_reason'),
    /** Last time the provider was asked about this unpaid order (limits look-ups). */
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The receipt / tax invoice PayPlus's invoice module issued for the payment. */
    documentUrl: text('document_url'),
    /**
     * The shopper account (the identity provider's subject) the order belongs to: set at
     * checkout with a bearer token, or when the shopper claims a guest order (decision 230).
     */
    accountSubject: text('account_subject'),
    /**
     * When the customer's personal fields were masked (decision 201: an erasure, or the
     * shopper deleting their account); null while they are there. The admin area says so
     * instead of showing the masked values as if they were an address (issue 33).
     */
    personalDataErasedAt: timestamp('personal_data_erased_at', { withTimezone: true }),
    /**
     * When the shopper deleted their account while the order was still open (decision 254):
     * delivery needs the name, address and phone, so they are masked when the order is
     * delivered, cancelled, failed or refunded in full; null otherwise.
     */
    erasureRequestedAt: timestamp('erasure_requested_at', { withTimezone: true }),
    /** The courier and tracking number recorded by the owner (issue 41); null when none. */
    tracking: jsonb('tracking').$type<StoredOrderTracking>(),
    /** The order holds the stock it reserved; cleared once it is given back (exactly once). */
    stockHeld: boolean('stock_held').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    uniqueIndex('orders_idempotency_key_idx').on(t.idempotencyKey),
    uniqueIndex('orders_transaction_uid_idx').on(t.transactionUid),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt.desc(), t.id),
    index('orders_account_subject_idx').on(t.accountSubject, t.createdAt.desc()),
    check('orders_total_positive', sql`${t.totalAgorot} > 0`),
  ],
)

/** Item snapshots: a later catalogue edit must not change what the customer was charged. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    itemId: uuid('item_id').notNull(),
    itemType: text('item_type', { enum: ['Product', 'Package'] }).notNull(),
    name: text('name').notNull(),
    size: text('size').notNull(),
    unitPriceAgorot: integer('unit_price_agorot').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('order_items_order_position_idx').on(t.orderId, t.position),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
)

/** Every status an order has had, oldest first; the actor is null when the system changed it. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    actorSubject: text('actor_subject'),
    actorEmail: text('actor_email'),
    /** A refund's amount and the cancellation fee kept, on the refund's status change. */
    refund: jsonb('refund').$type<{ amountAgorot: number; feeAgorot: number }>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.at)],
)
