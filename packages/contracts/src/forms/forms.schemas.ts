import { z } from 'zod'
import { PAGE_SIZES } from '../common/page-sizes.js'
import { marketingConsentField } from '../legal/consent.schemas.js'

/**
 * The four visitor forms (spec §3, §5). One schema per form: the web form validates
 * with it and the server validates the same body with it. Messages are translation keys.
 */

/** The shop's calendar: "today" is judged in Israel, not in the browser's or server's zone. */
export const SHOP_TIME_ZONE = 'Asia/Jerusalem'

/** Today's date in the shop's time zone, as `YYYY-MM-DD`. */
export function shopToday(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD, which compares correctly as a string.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

function requiredText(key: string, max: number, min = 1) {
  return z.string({ error: key }).trim().min(min, { error: key }).max(max, { error: 'validation.tooLong' })
}

const email = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .pipe(z.email({ error: key }).max(254, { error: 'validation.tooLong' }))

// Digits with the usual separators; 9–15 digits covers Israeli landlines, mobiles and +972.
const PHONE_PATTERN = /^\+?[\d\s()-]{9,20}$/
const phone = z
  .string({ error: 'validation.phoneRequired' })
  .trim()
  .min(1, { error: 'validation.phoneRequired', abort: true })
  .max(20, { error: 'validation.phoneInvalid' })
  .regex(PHONE_PATTERN, { error: 'validation.phoneInvalid' })

/** An optional text field: a form sends '' for "left empty". */
function optionalText(max: number) {
  return z.string().trim().max(max, { error: 'validation.tooLong' }).optional()
}

/**
 * The honeypot: a field no human sees or fills. Any value means a bot; the server then
 * answers exactly as on success and keeps nothing. No length rule, so a bot learns nothing.
 */
export const HONEYPOT_FIELD = 'website'
const honeypot = { [HONEYPOT_FIELD]: z.string().optional() } as const

export const NewsletterFormSchema = z.object({
  fullName: requiredText('footer.subscribe.errors.name', 100, 3),
  email: email('footer.subscribe.errors.email'),
  city: requiredText('footer.subscribe.errors.city', 100, 3),
  ...marketingConsentField,
  ...honeypot,
})
export type NewsletterForm = z.infer<typeof NewsletterFormSchema>

export const EarlyAdopterFormSchema = z.object({
  fullName: requiredText('validation.fullNameRequired', 100),
  email: email('validation.emailInvalid'),
  street: requiredText('validation.streetRequired', 200),
  city: requiredText('validation.cityRequired', 100),
  phone,
  /** `YYYY-MM-DD` or '' (not given); not in the future. */
  birthDate: z
    .union([
      z.literal(''),
      z.iso
        .date({ error: 'validation.dateInvalid' })
        .refine((value) => value >= '1900-01-01' && value <= shopToday(), {
          error: 'forms.earlyAdopters.errors.birthDate',
        }),
    ])
    .optional(),
  ...marketingConsentField,
  ...honeypot,
})
export type EarlyAdopterForm = z.infer<typeof EarlyAdopterFormSchema>

export const EventInquiryFormSchema = z.object({
  name: requiredText('validation.nameRequired', 100),
  email: email('validation.emailInvalid'),
  company: optionalText(200),
  eventDescription: requiredText('forms.events.errors.description', 5000),
  /**
   * `YYYY-MM-DD`, not before today in Israel (today itself is allowed). Judged again by
   * the server when the inquiry arrives, so a form left open past midnight is re-checked.
   */
  eventDate: z
    .string({ error: 'forms.events.errors.dateRequired' })
    .min(1, { error: 'forms.events.errors.dateRequired' })
    .pipe(
      z.iso
        .date({ error: 'validation.dateInvalid' })
        .refine((value) => value >= shopToday(), { error: 'forms.events.errors.datePast' }),
    ),
  ...honeypot,
})
export type EventInquiryForm = z.infer<typeof EventInquiryFormSchema>

export const ContactFormSchema = z.object({
  name: requiredText('validation.nameRequired', 100),
  email: email('validation.emailInvalid'),
  phone,
  subject: requiredText('forms.contact.errors.subject', 200),
  message: requiredText('forms.contact.errors.message', 5000),
  ...honeypot,
})
export type ContactForm = z.infer<typeof ContactFormSchema>

/** Request bodies keep the spec's `{ data: {...} }` wrapper (spec §7). */
export const NewsletterRequestSchema = z.object({ data: NewsletterFormSchema })
export const EarlyAdopterRequestSchema = z.object({ data: EarlyAdopterFormSchema })
export const EventInquiryRequestSchema = z.object({ data: EventInquiryFormSchema })
export const ContactRequestSchema = z.object({ data: ContactFormSchema })

/**
 * Every accepted submission gets the same answer — a repeated newsletter address and a
 * honeypot hit included — so the answer reveals neither who subscribed nor the trap.
 */
export const FormReceiptSchema = z.object({ received: z.literal(true) })
export type FormReceipt = z.infer<typeof FormReceiptSchema>

export const FORM_KINDS = ['newsletter', 'early-adapter', 'event-inquiry', 'contact'] as const
export type FormKind = (typeof FORM_KINDS)[number]

/** Admin lists of submissions: stored fields plus `_id` and times, newest first. */
const stored = { _id: z.string(), createdAt: z.string() }
export const NewsletterSubscriberSchema = z.object({
  ...stored,
  fullName: z.string(),
  email: z.string(),
  city: z.string(),
  /** Last time the address subscribed (again). */
  updatedAt: z.string(),
})
export type NewsletterSubscriber = z.infer<typeof NewsletterSubscriberSchema>

export const EarlyAdopterSchema = z.object({
  ...stored,
  fullName: z.string(),
  email: z.string(),
  street: z.string(),
  city: z.string(),
  phone: z.string(),
  birthDate: z.string().nullable(),
})
export type EarlyAdopter = z.infer<typeof EarlyAdopterSchema>

export const EventInquirySchema = z.object({
  ...stored,
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  eventDescription: z.string(),
  eventDate: z.string(),
})
export type EventInquiry = z.infer<typeof EventInquirySchema>

export const ContactMessageSchema = z.object({
  ...stored,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
})
export type ContactMessage = z.infer<typeof ContactMessageSchema>

export const FormSubmissionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.admin),
})
export type FormSubmissionListQuery = z.infer<typeof FormSubmissionListQuerySchema>
