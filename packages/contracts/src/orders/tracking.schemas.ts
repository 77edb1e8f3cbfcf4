import { z } from 'zod'
import { IdSchema } from '../common/ids.js'

/**
 * Couriers and tracking numbers (issue 41). The shop never asks a courier's servers
 * anything: it keeps the number and builds the courier's public tracking address from the
 * owner's URL pattern, in which TRACKING_PLACEHOLDER stands for the number.
 */
export const TRACKING_PLACEHOLDER = '{number}'

export const TRACKING_NUMBER_MIN = 4
export const TRACKING_NUMBER_MAX = 40
/** At most this many lines in one pasted list (the packing screen's bulk paste). */
export const TRACKING_LIST_MAX_LINES = 200

const HEBREW = /[\u0590-\u05FF]/
const WHITESPACE = /\s/
const TRACKING_NUMBER = /^[A-Za-z0-9-]+$/

/**
 * Why a tracking number is refused, as a message key; null when it is a good one. Spaces and
 * Hebrew get their own messages: they are what a paste from a courier's SMS brings along.
 */
export function trackingNumberProblem(value: string): string | null {
  if (WHITESPACE.test(value)) return 'tracking.errors.numberSpaces'
  if (HEBREW.test(value)) return 'tracking.errors.numberHebrew'
  if (value.length < TRACKING_NUMBER_MIN || value.length > TRACKING_NUMBER_MAX) {
    return 'tracking.errors.numberLength'
  }
  if (!TRACKING_NUMBER.test(value)) return 'tracking.errors.numberFormat'
  return null
}

/** Latin letters, digits and hyphens, 4–40 of them, spaces around it trimmed. */
export const TrackingNumberSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = trackingNumberProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** The courier's page for one number; the number is URL-encoded (it can only be [A-Za-z0-9-]). */
export function trackingUrlOf(urlPattern: string, trackingNumber: string): string {
  return urlPattern.replace(TRACKING_PLACEHOLDER, encodeURIComponent(trackingNumber))
}

const urlPattern = z
  .string()
  .trim()
  .max(500, { error: 'validation.tooLong' })
  .refine((value) => /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
    error: 'tracking.errors.urlHttps',
  })
  .refine((value) => value.split(TRACKING_PLACEHOLDER).length === 2, {
    error: 'tracking.errors.urlPlaceholder',
  })

export const CourierInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'tracking.errors.courierNameRequired' })
    .max(60, { error: 'validation.tooLong' }),
  urlPattern,
})
export type CourierInput = z.infer<typeof CourierInputSchema>

export const CourierSchema = z.object({ _id: z.string(), name: z.string(), urlPattern: z.string() })
export type Courier = z.infer<typeof CourierSchema>

export const CourierIdParamsSchema = z.object({ courierId: IdSchema })

/** An order's tracking as the admin, the shopper's account and the status page show it. */
export const OrderTrackingSchema = z.object({
  /** The courier as it was when the number was recorded; it may since have left the list. */
  courierId: z.string(),
  courierName: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
})
export type OrderTracking = z.infer<typeof OrderTrackingSchema>

export const OrderTrackingInputSchema = z.object({
  courierId: IdSchema,
  trackingNumber: TrackingNumberSchema,
})
export type OrderTrackingInput = z.infer<typeof OrderTrackingInputSchema>

/**
 * A pasted list or a CSV file's text: one "order number,tracking number" a line (a comma,
 * a tab or a semicolon between them), all for one courier. All or nothing.
 */
export const BulkTrackingInputSchema = z.object({
  courierId: IdSchema,
  trackingList: z
    .string()
    .max(20_000, { error: 'validation.tooLong' })
    .refine((value) => value.trim() !== '', { error: 'tracking.errors.listEmpty' }),
})
export type BulkTrackingInput = z.infer<typeof BulkTrackingInputSchema>

export const TRACKING_LINE_PROBLEMS = [
  'lineFormat',
  'unknownOrder',
  'duplicateOrder',
  'numberSpaces',
  'numberHebrew',
  'numberLength',
  'numberFormat',
  'notShippable',
  'tooManyLines',
] as const
export type TrackingLineProblem = (typeof TRACKING_LINE_PROBLEMS)[number]

/** One refused line of a list (details of 422 TRACKING_LIST_INVALID); line numbers from 1. */
export const TrackingLineErrorSchema = z.object({
  line: z.number().int(),
  problem: z.enum(TRACKING_LINE_PROBLEMS),
  /** What the line said, trimmed and cut to 60 characters, so the owner can find it. */
  text: z.string(),
})
export type TrackingLineError = z.infer<typeof TrackingLineErrorSchema>

export const BulkTrackingResultSchema = z.object({
  updated: z.array(z.object({ number: z.string(), trackingNumber: z.string() })),
})
export type BulkTrackingResult = z.infer<typeof BulkTrackingResultSchema>

/** The statuses in which an order's parcel may be given a tracking number. */
export const TRACKABLE_STATUSES = ['paid', 'preparing', 'shipped'] as const
