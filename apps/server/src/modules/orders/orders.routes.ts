import type { Redis } from 'ioredis'
import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CouponCheckRequestSchema,
  CouponCheckResponseSchema,
  ErrorEnvelopeSchema,
  GenerateSaleRequestSchema,
  GenerateSaleResponseSchema,
  IdParamsSchema,
  OrderIdParamsSchema,
  OrderStatusQuerySchema,
  OrderStatusResponseSchema,
  ThankYouSchema,
  envelope,
} from '@tavlin/contracts'
import type { OptionalShopper } from '../../plugins/admin-guard.js'
import { registerRouteRateLimit } from '../../plugins/route-rate-limit.js'
import type { OrdersService } from './orders.service.js'

/**
 * Coupon checks per minute per client address: a shopper tries a code or two, while
 * guessing codes must stay slow.
 */
export const COUPON_CHECKS_PER_MINUTE = 20

const errors = {
  400: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
  502: ErrorEnvelopeSchema,
}

const SALE_DESCRIPTION =
  'Prices are recomputed from the catalogue. Send an Idempotency-Key header: a retry with the same key returns the same order. ' +
  "With a shopper's bearer token the order belongs to their account; an invalid or expired token is a 401, never a guest order. " +
  'One address starts CHECKOUT_RATE_LIMIT_PER_MINUTE checkouts a minute; one e-mail keeps UNPAID_ORDERS_PER_EMAIL orders waiting for payment (429).'

const saleResponses = {
  201: envelope(GenerateSaleResponseSchema),
  401: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
  ...errors,
}

export type OrdersRoutesOptions = {
  orders: OrdersService
  redis: Redis | null
  /** Who is signed in at checkout: their order goes to their account (decision 230). */
  shopperOf: OptionalShopper
  /** Checkouts one address may start a minute (CHECKOUT_RATE_LIMIT_PER_MINUTE). */
  checkoutsPerMinute: number
}

/** The storefront's order calls (spec §7), no sign-in needed; a shopper's token links the order. */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (
  app,
  { orders, redis, shopperOf, checkoutsPerMinute },
) => {
  await registerRouteRateLimit(app, redis, 'tavlin:rate-limit:orders:')

  app.post(
    '/orders/generate-sale',
    {
      config: { rateLimit: { max: checkoutsPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['orders'],
        summary: 'Create an order from the cart and a payment page for it',
        description: SALE_DESCRIPTION,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(200).optional() }),
        body: GenerateSaleRequestSchema,
        response: saleResponses,
      },
    },
    async (request, reply) => {
      const shopper = await shopperOf(request)
      const data = await orders.generateSale(
        request.body,
        request.headers['idempotency-key'],
        shopper?.subject,
        request.ip,
      )
      return reply.code(201).send({ success: true as const, data })
    },
  )

  app.post(
    '/coupons/check',
    {
      config: { rateLimit: { max: COUPON_CHECKS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['orders'],
        summary: 'A coupon code against a cart: the discount, or why it does not apply (422 COUPON_*)',
        description:
          'With the customer e-mail, a one-per-customer coupon they already used is refused. Checkout checks the code again.',
        body: CouponCheckRequestSchema,
        response: { 200: envelope(CouponCheckResponseSchema), ...errors, 429: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      return { success: true as const, data: await orders.checkCoupon(request.body) }
    },
  )

  app.get(
    '/orders/:id/status',
    {
      schema: {
        tags: ['orders'],
        summary: 'Status of an order, for the payment-pending page',
        params: IdParamsSchema,
        querystring: OrderStatusQuerySchema,
        response: { 200: envelope(OrderStatusResponseSchema), ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      return { success: true as const, data: await orders.getStatus(request.params.id, request.query.token) }
    },
  )

  app.get(
    '/orders/:orderId/:transactionUid',
    {
      schema: {
        tags: ['orders'],
        summary: 'What the thank-you page shows, confirmed with the payment provider',
        params: OrderIdParamsSchema,
        response: { 200: envelope(ThankYouSchema), ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      const data = await orders.getThankYou(request.params.orderId, request.params.transactionUid)
      return { success: true as const, data }
    },
  )
}
