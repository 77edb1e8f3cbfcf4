import { z } from 'zod'
import { OrderStatusSchema } from './order.schemas.js'

/** POST /api/cancellations: the ביטול עסקה form; works without signing in. */
export const CancellationFormSchema = z.object({
  /** TV-1001, or just 1001. */
  orderNumber: z
    .string({ error: 'cancellation.validation.orderNumber' })
    .trim()
    .regex(/^(?:TV-?)?\d{1,9}$/i, { error: 'cancellation.validation.orderNumber' }),
  /** The e-mail or the phone given in the order. */
  contact: z
    .string({ error: 'cancellation.validation.contact' })
    .trim()
    .min(5, { error: 'cancellation.validation.contact' })
    .max(254, { error: 'cancellation.validation.contact' }),
  /** Optional reason; several lines allowed (the field name is in MULTILINE_TEXT_FIELDS). */
  message: z.string().trim().max(2000, { error: 'cancellation.validation.message' }).optional(),
  /** The goods are defective or not as described: no cancellation fee (§14ה). */
  isDefect: z.boolean().default(false),
})
export type CancellationForm = z.infer<typeof CancellationFormSchema>

/**
 * The answer to a well-formed notice. `filed`: the signed-in owner's own order, the notice
 * is given now. `by-email`: for everyone else, whether or not the order exists (the answer
 * never tells): if it matches, a confirmation link went to the order's own e-mail, and the
 * notice is given when it is confirmed (decision 238).
 */
export const CancellationReceiptSchema = z.object({
  received: z.literal(true),
  confirmation: z.enum(['filed', 'by-email']),
})
export type CancellationReceipt = z.infer<typeof CancellationReceiptSchema>

export const CANCELLATION_STATUSES = ['open', 'refunded', 'rejected'] as const
export const CancellationStatusSchema = z.enum(CANCELLATION_STATUSES)
export type CancellationStatus = z.infer<typeof CancellationStatusSchema>

export const CancellationRefusalSchema = z.enum(['status', 'window', 'perishable'])

/** One notice in the admin's cancellations inbox; amounts in shekels. */
export const CancellationSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  message: z.string().nullable(),
  isDefect: z.boolean(),
  status: CancellationStatusSchema,
  /** What the law allowed when the notice arrived. */
  isAllowed: z.boolean(),
  refusal: CancellationRefusalSchema.nullable(),
  orderTotal: z.number(),
  fee: z.number(),
  refund: z.number(),
  isPartial: z.boolean(),
  deadline: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** The notice's time: when the signed-in owner sent it, or when the order's e-mail confirmed it. */
  createdAt: z.string(),
  /** When the form was sent, for a notice confirmed by e-mail; null otherwise. */
  requestedAt: z.string().nullable(),
  /** How the sender was known to be the buyer; null for notices from before decision 238. */
  confirmedBy: z.enum(['account', 'email']).nullable(),
})
export type Cancellation = z.infer<typeof CancellationSchema>

export const CancellationListQuerySchema = z.object({
  status: CancellationStatusSchema.optional(),
})
export type CancellationListQuery = z.infer<typeof CancellationListQuerySchema>

/** POST /api/orders/{id}/refunds: a refund without a notice (a phone call). Shekels. */
export const RefundInputSchema = z.object({
  amount: z.number({ error: 'refund.validation.amount' }).positive({ error: 'refund.validation.amount' }),
  fee: z.number().min(0, { error: 'refund.validation.fee' }).default(0),
  /** The goods came back: the order's units return to stock (once). Off by default. */
  restock: z.boolean().optional(),
})
export type RefundInput = z.infer<typeof RefundInputSchema>

export const RefundEntrySchema = z.object({
  amount: z.number(),
  fee: z.number(),
  actorEmail: z.string().nullable(),
  documentUrl: z.string().nullable(),
  at: z.string(),
})
export type RefundEntry = z.infer<typeof RefundEntrySchema>

/** GET /api/orders/{id}/refunds: what went back, what may still go back, and the documents. */
export const OrderRefundsSchema = z.object({
  orderStatus: OrderStatusSchema,
  /** The receipt PayPlus's invoice module issued for the payment. */
  documentUrl: z.string().nullable(),
  refunded: z.number(),
  refundable: z.number(),
  /** The fee the law allows on the rest, when the buyer reports no defect. */
  suggestedFee: z.number(),
  refunds: z.array(RefundEntrySchema),
})
export type OrderRefunds = z.infer<typeof OrderRefundsSchema>

/** Paid orders with no receipt from the provider: the owner issues those elsewhere. */
export const OrderWithoutDocumentSchema = z.object({
  _id: z.string(),
  number: z.string(),
  total: z.number(),
  paidAt: z.string().nullable(),
})
export type OrderWithoutDocument = z.infer<typeof OrderWithoutDocumentSchema>
