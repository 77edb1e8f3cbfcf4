import { z } from 'zod'
import { IdSchema } from '../common/ids.js'
import { shekelAmount } from '../common/money.schemas.js'
import { couponCategoryNames } from '../catalog/taxonomy.js'
import { OrderItemInputSchema } from './order.schemas.js'

/** Codes are compared without case: stored and looked up upper-cased (decision 223). */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase()
}

export const CouponCodeSchema = z
  .string({ error: 'validation.couponCodeInvalid' })
  .trim()
  .min(2, { error: 'validation.couponCodeInvalid' })
  .max(40, { error: 'validation.couponCodeInvalid' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.couponCodeInvalid' })

const LocalDay = z.iso.date({ error: 'validation.dateInvalid' })

/** What the admin's coupon form sends (create and edit). Amounts in shekels. */
export const CouponInputSchema = z
  .object({
    code: CouponCodeSchema,
    kind: z.enum(['percent', 'fixed']),
    /** percent: a whole 1–100; fixed: shekels. */
    value: shekelAmount('validation.couponValueInvalid'),
    minimumOrder: shekelAmount('validation.couponValueInvalid').nullable().default(null),
    /** Days in the shop's time zone, both included: a coupon ending today is valid all of today. */
    startsOn: LocalDay.nullable().default(null),
    endsOn: LocalDay.nullable().default(null),
    usageLimit: z.number().int().min(1).max(1_000_000).nullable().default(null),
    onePerCustomer: z.boolean().default(false),
    freeShipping: z.boolean().default(false),
    categories: z.array(z.enum(couponCategoryNames)).max(20).default([]),
    active: z.boolean().default(true),
  })
  .refine((coupon) => coupon.kind === 'fixed' || (Number.isInteger(coupon.value) && coupon.value <= 100), {
    path: ['value'],
    error: 'validation.couponPercentInvalid',
  })
  .refine((coupon) => !coupon.startsOn || !coupon.endsOn || coupon.startsOn <= coupon.endsOn, {
    path: ['endsOn'],
    error: 'validation.couponDatesInvalid',
  })
export type CouponInput = z.infer<typeof CouponInputSchema>

export const CouponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number(),
  minimumOrder: z.number().nullable(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  usageLimit: z.number().nullable(),
  onePerCustomer: z.boolean(),
  freeShipping: z.boolean(),
  categories: z.array(z.string()),
  active: z.boolean(),
  /** Uses held by orders waiting for payment or paid; a failed or cancelled order gives its use back. */
  usedCount: z.number(),
  createdAt: z.string(),
})
export type Coupon = z.infer<typeof CouponSchema>

export const CouponListSchema = z.object({ items: z.array(CouponSchema) })
export type CouponList = z.infer<typeof CouponListSchema>

export const CouponIdParamsSchema = z.object({ couponId: IdSchema })

/** POST /api/coupons/check: a code against a cart (and, if known, the customer's e-mail). */
export const CouponCheckRequestSchema = z.object({
  code: z.string().trim().min(1).max(40),
  orderItems: z.array(OrderItemInputSchema).min(1).max(100),
  email: z.email().max(254).optional(),
  /** With the city, the totals answered use this method's fee (decision 228); else the standard one. */
  deliveryMethodId: z.string().trim().min(1).max(40).optional(),
  city: z.string().trim().min(1).max(100).optional(),
})
export type CouponCheckRequest = z.infer<typeof CouponCheckRequestSchema>

export const CouponCheckResponseSchema = z.object({
  code: z.string(),
  discount: z.number(),
  freeShipping: z.boolean(),
  subtotal: z.number(),
  shippingFee: z.number(),
  vat: z.number(),
  totalPrice: z.number(),
})
export type CouponCheckResponse = z.infer<typeof CouponCheckResponseSchema>

/** Why a code does not apply; each has its Hebrew reason in the web app. */
export const COUPON_ERROR_CODES = [
  'COUPON_UNKNOWN',
  'COUPON_EXPIRED',
  'COUPON_NOT_YET_VALID',
  'COUPON_MINIMUM_NOT_REACHED',
  'COUPON_USED_UP',
  'COUPON_ALREADY_USED',
  'COUPON_NOT_APPLICABLE',
  'COUPON_OTHER_EMAIL',
] as const
export type CouponErrorCode = (typeof COUPON_ERROR_CODES)[number]

/** Details of COUPON_MINIMUM_NOT_REACHED: the minimum, in shekels, for the message. */
export type CouponMinimumDetails = { minimumOrder: number }

/**
 * The welcome coupon (issue 19): off by default; when on, a newsletter subscriber who
 * agrees to marketing receives by e-mail a personal one-use coupon valid `validDays` days.
 */
export const WelcomeCouponSettingsSchema = z
  .object({
    enabled: z.boolean(),
    kind: z.enum(['percent', 'fixed']),
    value: shekelAmount('validation.couponValueInvalid'),
    validDays: z.number({ error: 'validation.couponValidDaysInvalid' }).int().min(1).max(365),
  })
  .refine(
    (settings) => settings.kind === 'fixed' || (Number.isInteger(settings.value) && settings.value <= 100),
    {
      path: ['value'],
      error: 'validation.couponPercentInvalid',
    },
  )
export type WelcomeCouponSettings = z.infer<typeof WelcomeCouponSettingsSchema>

/** What the admin sees before setting anything: off, 10 % for 30 days. */
export const DEFAULT_WELCOME_COUPON: WelcomeCouponSettings = {
  enabled: false,
  kind: 'percent',
  value: 10,
  validDays: 30,
}
