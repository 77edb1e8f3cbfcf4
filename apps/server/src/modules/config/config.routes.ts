import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PublicConfigSchema, envelope, toShekels, type PublicConfig } from '@tavlin/contracts'
import type { AppConfig } from '../../config/env.js'

export const configRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const publicConfig: PublicConfig = {
    shopName: config.shopName,
    shopEmail: config.shopEmail,
    currency: 'ILS',
    shippingFee: toShekels(config.shippingFeeAgorot),
    vatRate: config.vatRate,
    deliveryDays: { min: config.deliveryDays.min, max: config.deliveryDays.max },
    identity: {
      authority: config.identity.issuer,
      clientId: config.identity.clientId,
      audience: config.identity.audience,
      rolesClaim: config.identity.rolesClaim,
      // Spec §6: `roles`, for issuers that release the roles claim only under it; offline_access:
      // refresh tokens, so silent renewal needs no third-party cookie in a hidden frame.
      scope: 'openid profile email roles offline_access',
      audienceParameter: config.identity.mode === 'builtin' ? 'resource' : config.identity.audienceParameter,
      ...(config.identity.organization ? { organization: config.identity.organization } : {}),
    },
    payment: { provider: 'payplus', isSandbox: config.payplus.isSandbox },
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
