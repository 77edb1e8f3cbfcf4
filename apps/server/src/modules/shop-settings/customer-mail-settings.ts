import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CUSTOMER_MAIL_STEPS,
  CustomerMailSettingsSchema,
  DEFAULT_CUSTOMER_MAIL_SETTINGS,
  ErrorEnvelopeSchema,
  envelope,
  type CustomerMailSettings,
} from '@tavlin/contracts'
import { actorOf, type Actor, type AuditService } from '../audit/index.js'
import type { ShopSettingsRepository } from './shop-settings.repository.js'

const CUSTOMER_MAILS_KEY = 'customer-mails'

/** The owner's word in the activity log, per step. */
const STEP_NAMES: Record<(typeof CUSTOMER_MAIL_STEPS)[number], string> = {
  shipped: 'נשלחה',
  'ready-for-pickup': 'מוכנה לאיסוף',
  delivered: 'נמסרה',
  'refund-issued': 'זיכוי',
  'cancellation-approved': 'ביטול אושר',
  'cancellation-refused': 'ביטול נדחה',
  'payment-failed': 'תשלום נכשל',
}

/**
 * Which of the order's later mails the shopper gets (issue 41, decision 261), kept as the
 * `customer-mails` setting beside the others: every step is on until the owner turns it off,
 * and a step added later is on for a shop that saved before it existed.
 */
export function customerMailSettingsOf(repository: ShopSettingsRepository, audit: AuditService) {
  return {
    async customerMailSettings(): Promise<CustomerMailSettings> {
      const row = await repository.findSetting(CUSTOMER_MAILS_KEY)
      const saved = CustomerMailSettingsSchema.partial().safeParse(row?.value ?? {})
      return { ...DEFAULT_CUSTOMER_MAIL_SETTINGS, ...(saved.success ? saved.data : {}) }
    },

    async updateCustomerMailSettings(
      input: CustomerMailSettings,
      actor?: Actor,
    ): Promise<CustomerMailSettings> {
      await repository.saveSetting(CUSTOMER_MAILS_KEY, input)
      const off = CUSTOMER_MAIL_STEPS.filter((step) => !input[step]).map((step) => STEP_NAMES[step])
      await audit.record(actor, {
        action: 'update',
        entityType: 'settings',
        entityId: CUSTOMER_MAILS_KEY,
        summary: `הודעות ללקוח על ההזמנה: ${off.length === 0 ? 'כולן פעילות' : `כבויות: ${off.join(', ')}`}`,
      })
      return input
    },
  }
}
export type CustomerMailSettingsService = ReturnType<typeof customerMailSettingsOf>

const adminErrors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema }
const security = [{ bearerAuth: [] }]

/** The switches as the admin reads and sets them. */
export function customerMailRoutes(
  admin: Parameters<FastifyPluginAsyncZod>[0],
  settings: CustomerMailSettingsService,
) {
  admin.get(
    '/admin/shop/customer-mails',
    {
      schema: {
        tags: ['admin'],
        summary: "Which of the order's later e-mails the shopper gets (admin)",
        security,
        response: { 200: envelope(CustomerMailSettingsSchema), ...adminErrors },
      },
    },
    async () => ({ success: true as const, data: await settings.customerMailSettings() }),
  )
  admin.put(
    '/admin/shop/customer-mails',
    {
      schema: {
        tags: ['admin'],
        summary: 'Switch each of the order e-mails after payment on or off (admin)',
        security,
        body: CustomerMailSettingsSchema,
        response: { 200: envelope(CustomerMailSettingsSchema), ...adminErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await settings.updateCustomerMailSettings(request.body, actorOf(request)),
    }),
  )
}
