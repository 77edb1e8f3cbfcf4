import { z } from 'zod'

/**
 * What a person confirms from their own mailbox before it is done in their name (issue 33,
 * decision 237): marketing consent from the newsletter or early-adopters form, a request to
 * erase their data, a cancellation notice sent by someone who is not the order's signed-in
 * owner. The e-mailed link opens `/confirm#<token>`; the page shows what it is for and a
 * button (mail scanners open links, so opening one never confirms anything).
 */
export const CONFIRMATION_PURPOSES = [
  'newsletter',
  'early-adapter',
  'deletion',
  'cancellation',
  // A back-in-stock alert (decision 277): a service, confirmed so that nobody enrols a stranger.
  'stock-alert',
] as const
export const ConfirmationPurposeSchema = z.enum(CONFIRMATION_PURPOSES)
export type ConfirmationPurpose = z.infer<typeof ConfirmationPurposeSchema>

/** How long each link works, in hours (decision 237). */
export const CONFIRMATION_VALID_HOURS: Readonly<Record<ConfirmationPurpose, number>> = {
  newsletter: 7 * 24,
  'early-adapter': 7 * 24,
  deletion: 7 * 24,
  // A cancellation is given when it is confirmed (the notice's time): a short link keeps
  // that close to when the form was sent.
  cancellation: 48,
  'stock-alert': 7 * 24,
}

/** The signed token of a link, as the page posts it. */
export const ConfirmationTokenSchema = z.object({ token: z.string().trim().min(1).max(200) })
export type ConfirmationToken = z.infer<typeof ConfirmationTokenSchema>

/** What a usable link is for, before the button is pressed. */
export const ConfirmationPreviewSchema = z.object({
  purpose: ConfirmationPurposeSchema,
  /** The address the link was sent to (its reader's own). */
  email: z.string(),
  /** TV-1234 for a cancellation; otherwise null. */
  orderNumber: z.string().nullable(),
  /** A stock alert's product and size, e.g. "ברברה (100 גרם)"; otherwise null or absent. */
  itemLabel: z.string().nullable().optional(),
  expiresAt: z.string(),
})
export type ConfirmationPreview = z.infer<typeof ConfirmationPreviewSchema>

/** What the confirmation did. */
export const ConfirmationResultSchema = z.object({
  purpose: ConfirmationPurposeSchema,
  orderNumber: z.string().nullable(),
})
export type ConfirmationResult = z.infer<typeof ConfirmationResultSchema>

/** The errors a link can meet: each has its own page text in the web app. */
export const CONFIRMATION_ERROR_CODES = ['LINK_INVALID', 'LINK_EXPIRED', 'LINK_USED'] as const
