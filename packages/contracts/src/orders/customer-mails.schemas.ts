import { z } from 'zod'

/**
 * The mails a shopper gets as the order moves on (issue 41), each of which the owner can
 * switch off; the order confirmation is not among them (the law requires it in writing).
 */
export const CUSTOMER_MAIL_STEPS = [
  'shipped',
  'ready-for-pickup',
  'delivered',
  'refund-issued',
  'cancellation-approved',
  'cancellation-refused',
  'payment-failed',
] as const
export type CustomerMailStep = (typeof CUSTOMER_MAIL_STEPS)[number]

/** Which steps the shopper is told of; a step missing from the stored value is on. */
export const CustomerMailSettingsSchema = z.object(
  Object.fromEntries(CUSTOMER_MAIL_STEPS.map((step) => [step, z.boolean()])) as Record<
    CustomerMailStep,
    z.ZodBoolean
  >,
)
export type CustomerMailSettings = z.infer<typeof CustomerMailSettingsSchema>

export const DEFAULT_CUSTOMER_MAIL_SETTINGS: CustomerMailSettings = Object.fromEntries(
  CUSTOMER_MAIL_STEPS.map((step) => [step, true]),
) as CustomerMailSettings

/** A shipment's tracking, as the owner gave it (issue 41 part B). */
export type ShipmentTracking = { courierName: string; trackingNumber: string; trackingUrl: string | null }

/** Every mail the shopper may get about an order, the confirmation first. */
export const ORDER_MAIL_KINDS = ['confirmation', ...CUSTOMER_MAIL_STEPS] as const
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number]

/** One line of an order's mail history: queued (and whether it went out), or not sent and why. */
export const OrderMailEntrySchema = z.object({
  step: z.enum(ORDER_MAIL_KINDS),
  outcome: z.enum(['queued', 'switched-off', 'no-address']),
  /** The outbox's word on a queued mail: waiting, sent, or given up after its retries. */
  delivery: z.enum(['pending', 'sent', 'dead']).nullable(),
  at: z.string(),
})
export type OrderMailEntry = z.infer<typeof OrderMailEntrySchema>
