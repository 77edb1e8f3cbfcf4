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

/**
 * A page of the shop on a social network: an https address, or '' for none (the footer then
 * shows no link for it; spec §2's placeholder "#" links led nowhere).
 */
const optionalSocialUrl = z
  .string()
  .trim()
  .max(300, { error: 'validation.tooLong' })
  .refine((value) => value === '' || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
    error: 'validation.socialUrlInvalid',
  })
  .default('')

/** The shop's social pages, kept with the business details; not legal details, so never "missing". */
export const SOCIAL_LINK_FIELDS = ['instagramUrl', 'facebookUrl'] as const
export type SocialLinkField = (typeof SOCIAL_LINK_FIELDS)[number]

/** Every field may be left empty ('') while the owner has not filled it in; the shop then shows demo values. */
const LegalDetailsInputSchema = z.object({
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

/** What the owner saves: the legal details and the social pages (absent: none). */
export const BusinessDetailsInputSchema = LegalDetailsInputSchema.extend({
  instagramUrl: optionalSocialUrl,
  facebookUrl: optionalSocialUrl,
})
export type BusinessDetailsInput = z.infer<typeof BusinessDetailsInputSchema>
/** A legal detail: one the law asks the shop to show, so a demo value stands in until it is filled in. */
export type BusinessDetailField = keyof z.infer<typeof LegalDetailsInputSchema>

export const BUSINESS_DETAIL_FIELDS = Object.keys(LegalDetailsInputSchema.shape) as BusinessDetailField[]

/**
 * The owner's details as the shop shows them: their values, demo values for what is still
 * empty; the social pages as saved ('' for none).
 */
export const OwnerDetailsSchema = z.object({
  ...(Object.fromEntries(BUSINESS_DETAIL_FIELDS.map((field) => [field, z.string()])) as Record<
    BusinessDetailField,
    z.ZodString
  >),
  instagramUrl: z.string(),
  facebookUrl: z.string(),
})
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
export const DEMO_BUSINESS_DETAILS: Record<BusinessDetailField, string> = {
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
