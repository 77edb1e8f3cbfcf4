import { z } from 'zod'
import { ItemTypeSchema } from './order.schemas.js'

/**
 * A checkout left half-way (issue 36, decision 282): one reminder, after the owner's delay,
 * to a shopper whose order was never paid and who agreed to marketing mail. Off by default.
 */
export const CART_REMINDER_DELAY_HOURS = { min: 1, max: 72 } as const
/** How long the reminder's restore link works (days). */
export const CART_REMINDER_LINK_DAYS = 7
/** The dashboard counts the reminders sent in this many days. */
export const CART_REMINDER_STATS_DAYS = 30

/** The owner's switch and delay (Admin → הגדרות). */
export const CartReminderSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Hours after the checkout was filled (the order created) before the reminder goes. */
  delayHours: z.number().int().min(CART_REMINDER_DELAY_HOURS.min).max(CART_REMINDER_DELAY_HOURS.max),
})
export type CartReminderSettings = z.infer<typeof CartReminderSettingsSchema>

export const DEFAULT_CART_REMINDER_SETTINGS: CartReminderSettings = { enabled: false, delayHours: 24 }

/** The settings as the admin reads them: since when they are on (only checkouts after it are reminded). */
export const CartReminderSettingsAdminSchema = CartReminderSettingsSchema.extend({
  enabledSince: z.string().nullable(),
})
export type CartReminderSettingsAdmin = z.infer<typeof CartReminderSettingsAdminSchema>

/** Why a line of the left order is not back in the cart, or not all of it. */
export const LEFT_OUT_REASONS = ['deleted', 'sold-out', 'fewer'] as const

/** The left order's cart as the shop sells it today (the restore page's preview and its answer). */
export const RestoredCartSchema = z.object({
  orderNumber: z.string(),
  expiresAt: z.string(),
  items: z.array(
    z.object({
      itemId: z.string(),
      itemType: ItemTypeSchema,
      name: z.string(),
      image: z.string(),
      size: z.string(),
      quantity: z.number().int().positive(),
      /** Today's unit price, in shekels. */
      price: z.number(),
      /** The unit price on the left order, in shekels. */
      previousPrice: z.number(),
    }),
  ),
  leftOut: z.array(
    z.object({
      name: z.string(),
      size: z.string(),
      /** How many the order had, and how many of them are back in the cart (0 unless `fewer`). */
      quantity: z.number().int(),
      restored: z.number().int(),
      reason: z.enum(LEFT_OUT_REASONS),
    }),
  ),
})
export type RestoredCart = z.infer<typeof RestoredCartSchema>

/** The dashboard's figure: reminders sent in the last days and the paid orders that followed them. */
export const CartReminderStatsSchema = z.object({
  enabled: z.boolean(),
  days: z.number().int(),
  sent: z.number().int(),
  /** Reminders after which the same shopper paid an order (within the link's days). */
  ordersFollowed: z.number().int(),
  followedTotalAgorot: z.number().int(),
})
export type CartReminderStats = z.infer<typeof CartReminderStatsSchema>
