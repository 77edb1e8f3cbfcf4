import { z } from 'zod'

/**
 * The payment methods the owner may offer on PayPlus's hosted page, by PayPlus's names
 * (`charge_default`, payplus.md §1.9). Apple Pay and Google Pay are the phone wallets.
 */
export const PAYMENT_METHODS = ['credit-card', 'bit', 'apple-pay', 'google-pay'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Installments a card payment may be split into: 1 means none (the default). */
export const MAX_INSTALLMENTS = 12

/**
 * The owner's choice of payment methods and installments (Admin → פרטי העסק), sent with
 * every payment link, so that only these reach shoppers whatever PayPlus's dashboard has on.
 */
export const PaymentOptionsSchema = z.object({
  methods: z
    .array(z.enum(PAYMENT_METHODS))
    .min(1, { error: 'paymentOptions.validation.methods' })
    .max(PAYMENT_METHODS.length),
  maxInstallments: z
    .number({ error: 'paymentOptions.validation.installments' })
    .int({ error: 'paymentOptions.validation.installments' })
    .min(1, { error: 'paymentOptions.validation.installments' })
    .max(MAX_INSTALLMENTS, { error: 'paymentOptions.validation.installments' }),
})
export type PaymentOptions = z.infer<typeof PaymentOptionsSchema>

/** Cards only, in one payment, until the owner chooses otherwise. */
export const DEFAULT_PAYMENT_OPTIONS: PaymentOptions = Object.freeze({
  methods: ['credit-card'],
  maxInstallments: 1,
}) as PaymentOptions
