import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { AppConfig } from '../config/env.js'

/** OpenAPI generated from the routes' zod schemas: JSON at /api/docs/json, UI at /api/docs. */
export const openapiPlugin = fp(
  async function openapi(app: FastifyInstance, { config }: { config: AppConfig }) {
    await app.register(swagger, {
      openapi: {
        info: { title: `${config.shopName} API`, version: '1.0.0' },
        servers: [{ url: config.publicUrl }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    })
    await app.register(swaggerUi, { routePrefix: '/api/docs' })
  },
  { name: 'openapi' },
)
