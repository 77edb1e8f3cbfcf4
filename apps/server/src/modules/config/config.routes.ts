import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PublicConfigSchema, envelope, toShekels, type PublicConfig } from '@tavlin/contracts'
import type { AppConfig } from '../../config/env.js'

export const configRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const publicConfig: PublicConfig = {
    shopName: config.shopName,
    currency: 'ILS',
    shippingFee: toShekels(config.shippingFeeAgorot),
    vatRate: config.vatRate,
    // Filled in by the identity module (issue 5); the built-in provider lives at /oidc.
    identity: {
      authority: `${config.publicUrl}/oidc`,
      clientId: 'tavlin-web',
      audience: 'urn:tavlin:api',
      rolesClaim: 'https://tavlin.shop/roles',
      scope: 'openid profile email offline_access',
    },
    payment: { provider: 'payplus' },
  }
  app.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Run-time settings for the web app',
        response: { 200: envelope(PublicConfigSchema) },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60')
      return { success: true as const, data: publicConfig }
    },
  )
}
