import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  CouponIdParamsSchema,
  CouponInputSchema,
  CouponListSchema,
  CouponSchema,
  ErrorEnvelopeSchema,
  WelcomeCouponSettingsSchema,
  envelope,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf } from '../audit/index.js'
import type { CouponsService } from './coupons.service.js'
import type { WelcomeCouponService } from './welcome-coupon.service.js'

const adminErrors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
}
const security = [{ bearerAuth: [] }]

/** The admin's coupons (issue 19): list with their uses, create, edit and switch off. */
export const couponsRoutes: FastifyPluginAsyncZod<{
  coupons: CouponsService
  welcome: WelcomeCouponService
  requireAdmin: AdminGuard
}> = async (app, { coupons, welcome, requireAdmin }) => {
  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>()
    admin.addHook('onRequest', requireAdmin)

    admin.get(
      '/admin/coupons',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every coupon with its uses (orders waiting for payment or paid) (admin)',
          security,
          response: { 200: envelope(CouponListSchema), ...adminErrors },
        },
      },
      async () => ({ success: true as const, data: { items: await coupons.list() } }),
    )
    admin.post(
      '/admin/coupons',
      {
        schema: {
          tags: ['admin'],
          summary: 'Create a coupon; codes are unique without case (admin)',
          security,
          body: CouponInputSchema,
          response: { 201: envelope(CouponSchema), ...adminErrors },
        },
      },
      async (request, reply) => {
        const data = await coupons.create(request.body, actorOf(request))
        return reply.code(201).send({ success: true as const, data })
      },
    )
    admin.get(
      '/admin/coupons/welcome',
      {
        schema: {
          tags: ['admin'],
          summary: "The newsletter's welcome coupon: off by default (admin)",
          security,
          response: { 200: envelope(WelcomeCouponSettingsSchema), ...adminErrors },
        },
      },
      async () => ({ success: true as const, data: await welcome.settings() }),
    )
    admin.put(
      '/admin/coupons/welcome',
      {
        schema: {
          tags: ['admin'],
          summary: 'Turn the welcome coupon on or off and set its value and validity (admin)',
          security,
          body: WelcomeCouponSettingsSchema,
          response: { 200: envelope(WelcomeCouponSettingsSchema), ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await welcome.saveSettings(request.body, actorOf(request)),
      }),
    )
    admin.put(
      '/admin/coupons/:couponId',
      {
        schema: {
          tags: ['admin'],
          summary: 'Edit a coupon, or switch it off with active: false (admin)',
          security,
          params: CouponIdParamsSchema,
          body: CouponInputSchema,
          response: { 200: envelope(CouponSchema), ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await coupons.update(request.params.couponId, request.body, actorOf(request)),
      }),
    )
  })
}
