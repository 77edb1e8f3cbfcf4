import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DeliveryCatalogSchema, envelope } from '@tavlin/contracts'
import type { DeliveryService } from './delivery.service.js'

/** Delivery methods (issue 19): what the shop offers at checkout. */
export const deliveryRoutes: FastifyPluginAsyncZod<{ delivery: DeliveryService }> = async (
  app,
  { delivery },
) => {
  app.get(
    '/delivery',
    {
      schema: {
        tags: ['orders'],
        summary: "The shop's delivery methods and the cities without delivery, for checkout",
        description:
          'Active methods in checkout order; a shop with none has one, `standard`, at SHIPPING_FEE everywhere.',
        response: { 200: envelope(DeliveryCatalogSchema) },
      },
    },
    async (_request, reply) => {
      // Checkout must see an owner's change at once; the answer is small.
      void reply.header('cache-control', 'no-cache')
      return { success: true as const, data: await delivery.shopCatalog() }
    },
  )
}
