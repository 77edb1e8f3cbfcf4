import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import {
  ContactMessageSchema,
  ContactRequestSchema,
  EarlyAdopterRequestSchema,
  EarlyAdopterSchema,
  ErrorEnvelopeSchema,
  EventInquiryRequestSchema,
  EventInquirySchema,
  FORM_KINDS,
  FormReceiptSchema,
  FormSubmissionListQuerySchema,
  NewsletterRequestSchema,
  NewsletterSubscriberSchema,
  envelope,
  paged,
} from '@tavlin/contracts'
import { z } from 'zod'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { registerRouteRateLimit } from '../../plugins/route-rate-limit.js'
import type { FormsService } from './forms.service.js'

/** Far above any honest form (the longest message field is 5,000 characters); refused with 413. */
export const FORM_BODY_LIMIT_BYTES = 16 * 1024

export type FormsRoutesOptions = {
  forms: FormsService
  requireAdmin: AdminGuard
  /** Submissions per minute per client address, counted for each form separately. */
  perMinute: number
  /** Shared counters for several processes; null keeps them in this process's memory. */
  redis: Redis | null
}

const postErrors = {
  400: ErrorEnvelopeSchema,
  413: ErrorEnvelopeSchema,
  415: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
}
const adminErrors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema }
const security = [{ bearerAuth: [] }]

/** The visitor forms (spec §3, §7) and the admin lists of what they collected. */
export const formsRoutes: FastifyPluginAsyncZod<FormsRoutesOptions> = async (
  app,
  { forms, requireAdmin, perMinute, redis },
) => {
  // Registered here, so only these routes are limited, and only those that ask for it.
  await registerRouteRateLimit(app, redis, 'tavlin:rate-limit:')
  visitorFormRoutes(app, forms, perMinute)
  formExportRoute(app, forms, requireAdmin)
  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>()
    admin.addHook('preHandler', requireAdmin)
    adminListRoutes(admin, forms)
  })
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0]

/** The four visitor forms: 201 with a receipt, limited per address and form. */
function visitorFormRoutes(app: ZodApp, forms: FormsService, perMinute: number) {
  const submission = {
    bodyLimit: FORM_BODY_LIMIT_BYTES,
    config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
  }
  const created = { 201: envelope(FormReceiptSchema), ...postErrors }

  app.post(
    '/users/form/newsletter',
    {
      ...submission,
      schema: {
        tags: ['forms'],
        summary: 'Subscribe to the newsletter; the same address again updates the subscriber',
        description:
          'With marketingConsent the address gets a confirmation link; the consent (and a welcome coupon, when on) is recorded only when it is confirmed. The same answer either way.',
        body: NewsletterRequestSchema,
        response: created,
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ success: true as const, data: await forms.subscribe(request.body.data, request.ip) }),
  )

  app.post(
    '/users/form/early-adapter',
    {
      ...submission,
      schema: {
        tags: ['forms'],
        summary: 'Sign up as an early adopter',
        description: 'With marketingConsent the address gets a confirmation link, as for the newsletter.',
        body: EarlyAdopterRequestSchema,
        response: created,
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await forms.signUpEarlyAdopter(request.body.data, request.ip),
      }),
  )

  app.post(
    '/users/form/event-inquiry',
    {
      ...submission,
      schema: {
        tags: ['forms'],
        summary: 'Ask about an event; the shop is notified by e-mail',
        body: EventInquiryRequestSchema,
        response: created,
      },
    },
    async (request, reply) =>
      reply.code(201).send({ success: true as const, data: await forms.sendEventInquiry(request.body.data) }),
  )

  app.post(
    '/users/form/contact',
    {
      ...submission,
      schema: {
        tags: ['forms'],
        summary: 'Send a message to the shop; the shop is notified by e-mail',
        body: ContactRequestSchema,
        response: created,
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ success: true as const, data: await forms.sendContactMessage(request.body.data) }),
  )
}

/** One form's submissions as a CSV download for the admin. */
function formExportRoute(app: ZodApp, forms: FormsService, requireAdmin: AdminGuard) {
  // onRequest, not the list scope's preHandler: the guard answers before the path is validated.
  app.get(
    '/users/form/:kind/export.csv',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['forms'],
        summary:
          'Every submission of one form as CSV for Excel (UTF-8 with BOM, Hebrew headers), newest first (admin)',
        security,
        params: z.object({ kind: z.enum(FORM_KINDS) }),
        produces: ['text/csv'],
        response: {
          200: z.string().describe('text/csv; charset=utf-8'),
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await forms.exportCsv(request.params.kind)
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          // A string under a non-JSON content type is sent as it is, not serialised.
          .send(csv)
      )
    },
  )
}

/** The admin lists of what each form collected (the guard is the scope's preHandler). */
function adminListRoutes(app: ZodApp, forms: FormsService) {
  const list = (summary: string) => ({
    tags: ['forms'],
    summary: `${summary}, newest first (admin)`,
    security,
    querystring: FormSubmissionListQuerySchema,
  })

  app.get(
    '/users/form/newsletter',
    {
      schema: {
        ...list('Newsletter subscribers'),
        response: { 200: envelope(paged(NewsletterSubscriberSchema)), ...adminErrors },
      },
    },
    async (request) => ({ success: true as const, data: await forms.listSubscribers(request.query) }),
  )
  app.get(
    '/users/form/early-adapter',
    {
      schema: {
        ...list('Early adopters'),
        response: { 200: envelope(paged(EarlyAdopterSchema)), ...adminErrors },
      },
    },
    async (request) => ({ success: true as const, data: await forms.listEarlyAdopters(request.query) }),
  )
  app.get(
    '/users/form/event-inquiry',
    {
      schema: {
        ...list('Event inquiries'),
        response: { 200: envelope(paged(EventInquirySchema)), ...adminErrors },
      },
    },
    async (request) => ({ success: true as const, data: await forms.listEventInquiries(request.query) }),
  )
  app.get(
    '/users/form/contact',
    {
      schema: {
        ...list('Contact messages'),
        response: { 200: envelope(paged(ContactMessageSchema)), ...adminErrors },
      },
    },
    async (request) => ({ success: true as const, data: await forms.listContactMessages(request.query) }),
  )
}
