import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  BusinessDetailsAdminSchema,
  BusinessDetailsInputSchema,
  BusinessDetailsSchema,
  CheckoutSettingsSchema,
  PaymentOptionsSchema,
  ErrorEnvelopeSchema,
  LegalPageAdminSchema,
  LegalPageInputSchema,
  LegalPageParamsSchema,
  LegalPageSchema,
  envelope,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf } from '../audit/index.js'
import type { ShopSettingsService } from './shop-settings.service.js'
import { customerMailRoutes } from './customer-mail-settings.js'
import { cartReminderRoutes } from './cart-reminder-settings.js'

const adminErrors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema }
const security = [{ bearerAuth: [] }]

/**
 * The business details and legal pages as every visitor reads them (issue 18). Registered
 * behind the catalogue read cache: a write to either bumps the catalogue version (decision 232).
 */
export const shopReadRoutes: FastifyPluginAsyncZod<{ settings: ShopSettingsService }> = async (
  app,
  { settings },
) => {
  app.get(
    '/shop/details',
    {
      schema: {
        tags: ['shop'],
        summary: "The shop's legal details (demo values where the owner has not filled them in)",
        response: { 200: envelope(BusinessDetailsSchema) },
      },
    },
    async () => ({ success: true as const, data: await settings.details() }),
  )

  app.get(
    '/shop/checkout',
    {
      schema: {
        tags: ['shop'],
        summary: "The owner's checkout rules: whether the phone must be an Israeli mobile",
        response: { 200: envelope(CheckoutSettingsSchema) },
      },
    },
    async () => ({ success: true as const, data: await settings.checkoutSettings() }),
  )

  app.get(
    '/shop/payment-options',
    {
      schema: {
        tags: ['shop'],
        summary: 'The payment methods and installments the shop offers (checkout shows them before payment)',
        response: { 200: envelope(PaymentOptionsSchema) },
      },
    },
    async () => ({ success: true as const, data: await settings.paymentOptions() }),
  )

  app.get(
    '/shop/pages/:page',
    {
      schema: {
        tags: ['shop'],
        summary: 'A legal page (accessibility, terms, privacy, shipping) as sanitised HTML',
        params: LegalPageParamsSchema,
        response: { 200: envelope(LegalPageSchema), 400: ErrorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await settings.page(request.params.page) }),
  )
}

/** The business details and legal pages as the admin reads and edits them (issue 18). */
export const shopSettingsAdminRoutes: FastifyPluginAsyncZod<{
  settings: ShopSettingsService
  requireAdmin: AdminGuard
}> = async (app, { settings, requireAdmin }) => {
  const admin = app.withTypeProvider<ZodTypeProvider>()
  admin.addHook('onRequest', requireAdmin)
  adminRoutes(admin, settings)
  checkoutRoutes(admin, settings)
  paymentOptionsRoutes(admin, settings)
  customerMailRoutes(admin, settings)
  cartReminderRoutes(admin, settings)
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0]

/** The business details and legal pages as the admin edits them. */
function adminRoutes(admin: ZodApp, settings: ShopSettingsService) {
  admin.get(
    '/admin/shop/details',
    {
      schema: {
        tags: ['admin'],
        summary: 'The business details as saved, and the fields still missing (admin)',
        security,
        response: { 200: envelope(BusinessDetailsAdminSchema), ...adminErrors },
      },
    },
    async () => ({ success: true as const, data: await settings.adminDetails() }),
  )
  admin.put(
    '/admin/shop/details',
    {
      schema: {
        tags: ['admin'],
        summary: "Save the business details; '' leaves a field to its demo value (admin)",
        security,
        body: BusinessDetailsInputSchema,
        response: { 200: envelope(BusinessDetailsAdminSchema), ...adminErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await settings.updateDetails(request.body, actorOf(request)),
    }),
  )
  admin.get(
    '/admin/shop/pages/:page',
    {
      schema: {
        tags: ['admin'],
        summary: "A legal page's Markdown (admin)",
        security,
        params: LegalPageParamsSchema,
        response: { 200: envelope(LegalPageAdminSchema), ...adminErrors },
      },
    },
    async (request) => ({ success: true as const, data: await settings.adminPage(request.params.page) }),
  )
  admin.put(
    '/admin/shop/pages/:page',
    {
      schema: {
        tags: ['admin'],
        summary: "Save a legal page's Markdown, stored without HTML; '' restores the shop's text (admin)",
        security,
        params: LegalPageParamsSchema,
        body: LegalPageInputSchema,
        response: { 200: envelope(LegalPageAdminSchema), ...adminErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await settings.updatePage(request.params.page, request.body.markdown, actorOf(request)),
    }),
  )
}

/** The checkout's phone rule as the admin reads and sets it (decision 253). */
function checkoutRoutes(admin: ZodApp, settings: ShopSettingsService) {
  admin.get(
    '/admin/shop/checkout',
    {
      schema: {
        tags: ['admin'],
        summary: "The checkout's phone rule (admin)",
        security,
        response: { 200: envelope(CheckoutSettingsSchema), ...adminErrors },
      },
    },
    async () => ({ success: true as const, data: await settings.checkoutSettings() }),
  )
  admin.put(
    '/admin/shop/checkout',
    {
      schema: {
        tags: ['admin'],
        summary: 'Ask for an Israeli mobile at checkout (couriers text the customer) or any phone (admin)',
        security,
        body: CheckoutSettingsSchema,
        response: { 200: envelope(CheckoutSettingsSchema), ...adminErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await settings.updateCheckoutSettings(request.body, actorOf(request)),
    }),
  )
}

/** The payment methods and installments every payment link offers (issue 32). */
function paymentOptionsRoutes(admin: ZodApp, settings: ShopSettingsService) {
  admin.get(
    '/admin/shop/payment-options',
    {
      schema: {
        tags: ['admin'],
        summary: 'The payment methods and installments offered on the payment page (admin)',
        security,
        response: { 200: envelope(PaymentOptionsSchema), ...adminErrors },
      },
    },
    async () => ({ success: true as const, data: await settings.paymentOptions() }),
  )
  admin.put(
    '/admin/shop/payment-options',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Choose the payment methods and the most installments (1: none) every payment link offers (admin)',
        security,
        body: PaymentOptionsSchema,
        response: { 200: envelope(PaymentOptionsSchema), ...adminErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await settings.updatePaymentOptions(request.body, actorOf(request)),
    }),
  )
}
