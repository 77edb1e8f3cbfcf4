import { z } from 'zod'

/**
 * Marketing mail needs prior explicit consent (Communications Law §30א): an unticked
 * box on the newsletter and early-adopters forms. The server stores when and to which
 * wording the person agreed; the web's label (`legal.consent.marketing`) says the same.
 */
export const MARKETING_CONSENT_WORDING =
  'אני מסכים/ה לקבל מתבלין דיוור שיווקי (פרסומת) בדואר האלקטרוני. אפשר להסיר את ההסכמה בכל עת בקישור שבכל הודעה.'

/** The field both forms carry; absent or false = no consent (stored, not on the list). */
export const marketingConsentField = { marketingConsent: z.boolean().optional() } as const

export const UnsubscribeRequestSchema = z.object({ token: z.string().trim().min(1).max(100) })

/** A request to erase a person's data, sent from the privacy page. */
export const DeletionRequestFormSchema = z.object({
  email: z
    .string({ error: 'validation.emailInvalid' })
    .trim()
    .pipe(z.email({ error: 'validation.emailInvalid' }).max(254, { error: 'validation.tooLong' })),
  message: z.string().trim().max(2000, { error: 'validation.tooLong' }).optional(),
  website: z.string().optional(),
})
export type DeletionRequestForm = z.infer<typeof DeletionRequestFormSchema>

/**
 * One request in the admin's list. Every request filed since decision 237 was confirmed
 * from its address's mailbox (`confirmedAt`); one from before that is shown with
 * `confirmedAt: null` and cannot be acted on.
 */
export const DeletionRequestSchema = z.object({
  _id: z.string(),
  email: z.string(),
  message: z.string().nullable(),
  /** When the form was sent; null for requests from before decision 237. */
  requestedAt: z.string().nullable(),
  /** When the address's owner confirmed it by the e-mailed link. */
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
  erasedAt: z.string().nullable(),
})
export type DeletionRequest = z.infer<typeof DeletionRequestSchema>

/** What an erasure did, for the admin's confirmation. */
export const ErasureResultSchema = z.object({
  submissionsErased: z.number().int(),
  ordersMasked: z.number().int(),
})
export type ErasureResult = z.infer<typeof ErasureResultSchema>
