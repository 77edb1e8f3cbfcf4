import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CartReminderSettingsAdminSchema,
  CartReminderSettingsSchema,
  DEFAULT_CART_REMINDER_SETTINGS,
  ErrorEnvelopeSchema,
  envelope,
  type CartReminderSettings,
  type CartReminderSettingsAdmin,
} from '@tavlin/contracts'
import { actorOf, type Actor, type AuditService } from '../audit/index.js'
import type { ShopSettingsRepository } from './shop-settings.repository.js'

const CART_REMINDERS_KEY = 'cart-reminders'

const StoredSchema = CartReminderSettingsSchema.extend({ enabledSince: z.string().nullable().optional() })

/**
 * The owner's switch for reminders of a checkout left half-way (issue 36, decision 282), kept as
 * the `cart-reminders` setting: off until the owner turns it on. Turning it on records when, and
 * only checkouts filled after that are reminded: a switch turned on today mails nobody about last
 * month's orders.
 */
export function cartReminderSettingsOf(repository: ShopSettingsRepository, audit: AuditService) {
  async function cartReminderSettings(): Promise<CartReminderSettingsAdmin> {
    const row = await repository.findSetting(CART_REMINDERS_KEY)
    const saved = StoredSchema.safeParse(row?.value ?? {})
    if (!saved.success) return { ...DEFAULT_CART_REMINDER_SETTINGS, enabledSince: null }
    return { ...saved.data, enabledSince: saved.data.enabled ? (saved.data.enabledSince ?? null) : null }
  }
  return {
    cartReminderSettings,

    async updateCartReminderSettings(
      input: CartReminderSettings,
      actor?: Actor,
      now = new Date(),
    ): Promise<CartReminderSettingsAdmin> {
      const before = await cartReminderSettings()
      const enabledSince = input.enabled ? (before.enabledSince ?? now.toISOString()) : null
      await repository.saveSetting(CART_REMINDERS_KEY, { ...input, enabledSince })
      await audit.record(actor, {
        action: 'update',
        entityType: 'settings',
        entityId: CART_REMINDERS_KEY,
        summary: input.enabled
          ? `תזכורת לסל שננטש: פעילה, ${input.delayHours} שעות אחרי ההזמנה`
          : 'תזכורת לסל שננטש: כבויה',
      })
      return { ...input, enabledSince }
    },
  }
}
export type CartReminderSettingsService = ReturnType<typeof cartReminderSettingsOf>

const adminErrors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema }
const security = [{ bearerAuth: [] }]

/** The switch and the delay as the admin reads and sets them. */
export function cartReminderRoutes(
  admin: Parameters<FastifyPluginAsyncZod>[0],
  settings: CartReminderSettingsService,
) {
  admin.get(
    '/admin/shop/cart-reminders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Whether a checkout left half-way gets its one reminder, and after how many hours (admin)',
        security,
        response: { 200: envelope(CartReminderSettingsAdminSchema), ...adminErrors },
      },
    },
    async () => ({ success: true as const, data: await settings.cartReminderSettings() }),
  )
  admin.put(
    '/admin/shop/cart-reminders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Turn the reminder of a checkout left half-way on or off and set its delay (admin)',
        description:
          'Off by default. Only shoppers with recorded marketing consent are reminded, once, and only for checkouts filled after it was turned on (decision 282).',
        security,
        body: CartReminderSettingsSchema,
        response: { 200: envelope(CartReminderSettingsAdminSchema), ...adminErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await settings.updateCartReminderSettings(request.body, actorOf(request)),
    }),
  )
}
