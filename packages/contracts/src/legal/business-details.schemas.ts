import { z } from 'zod'
import { isValidBusinessNumber } from './business-number.js'

/**
 * The shop's legal details (issue 18): entered once by the owner in the admin area and
 * shown in the footer, on checkout, in the order e-mail and on the legal pages.
 * Messages are translation keys.
 */

const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' })
const optionalEmail = z
  .string()
  .trim()
  .max(254, { error: 'validation.tooLong' })
  .refine((value) => value === '' || z.email().safeParse(value).success, { error: 'validation.emailInvalid' })
const optionalPhone = z
  .string()
  .trim()
  .max(20, { error: 'validation.phoneInvalid' })
  .refine((value) => value === '' || /^\+?[\d\s()-]{9,20}$/.test(value), { error: 'validation.phoneInvalid' })

/** Every field may be left empty ('') while the owner has not filled it in; the shop then shows demo values. */
export const BusinessDetailsInputSchema = z.object({
  legalName: text(200),
  businessNumber: z
    .string()
    .trim()
    .refine((value) => value === '' || isValidBusinessNumber(value), {
      error: 'shopSettings.errors.businessNumber',
    }),
  address: text(300),
  phone: optionalPhone,
  email: optionalEmail,
  coordinatorName: text(100),
  coordinatorPhone: optionalPhone,
  coordinatorEmail: optionalEmail,
  /** `YYYY-MM-DD` or ''. */
  accessibilityReviewDate: z.union([z.literal(''), z.iso.date({ error: 'validation.dateInvalid' })]),
  // No delivery times or areas here (issue 35): the shop says what its delivery methods do.
})
export type BusinessDetailsInput = z.infer<typeof BusinessDetailsInputSchema>
export type BusinessDetailField = keyof BusinessDetailsInput

export const BUSINESS_DETAIL_FIELDS = Object.keys(BusinessDetailsInputSchema.shape) as BusinessDetailField[]

/** The owner's details as the shop shows them: their values, demo values for what is still empty. */
export const OwnerDetailsSchema = z.object(
  Object.fromEntries(BUSINESS_DETAIL_FIELDS.map((field) => [field, z.string()])) as Record<
    BusinessDetailField,
    z.ZodString
  >,
)
export type OwnerDetails = z.infer<typeof OwnerDetailsSchema>

/**
 * GET /api/shop/details: the owner's details, and what the shop says about delivery,
 * written by the server from the delivery methods (issue 35, decision 256), so checkout,
 * the terms, the e-mail and the home page never promise another time, fee or area.
 */
export const BusinessDetailsSchema = OwnerDetailsSchema.extend({
  /** Each method's time, fees and area, then the cities without home delivery. */
  delivery: z.string(),
  /** What shipping costs, in short (the terms' clause on prices). */
  deliveryFees: z.string(),
})
export type BusinessDetails = z.infer<typeof BusinessDetailsSchema>

/** The admin's view: what the owner entered, and which fields still show demo values. */
export const BusinessDetailsAdminSchema = z.object({
  saved: OwnerDetailsSchema,
  missing: z.array(z.enum(BUSINESS_DETAIL_FIELDS as [BusinessDetailField, ...BusinessDetailField[]])),
  updatedAt: z.string().nullable(),
})
export type BusinessDetailsAdmin = z.infer<typeof BusinessDetailsAdminSchema>

/** Shown until the owner fills a field in; obviously a demo, and valid (the number passes its check). */
export const DEMO_BUSINESS_DETAILS: OwnerDetails = {
  legalName: 'תבלין בע"מ (פרטי הדגמה)',
  businessNumber: '516179157',
  address: 'רחוב השוק 1, תל אביב-יפו',
  phone: '03-1234567',
  email: 'shop@tavlin.example',
  coordinatorName: 'רכז/ת הנגישות (פרטי הדגמה)',
  coordinatorPhone: '03-1234567',
  coordinatorEmail: 'access@tavlin.example',
  accessibilityReviewDate: '2026-11-01',
}
