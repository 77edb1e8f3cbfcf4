import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import compress from '@fastify/compress'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { AppConfig } from './config/env.js'
import type { DatabaseHandle } from './db/client.js'
import { errorsPlugin } from './plugins/errors.plugin.js'
import { securityPlugin } from './plugins/security.plugin.js'
import { openapiPlugin } from './plugins/openapi.plugin.js'
import { spaPlugin } from './plugins/spa.plugin.js'
import { uploadsStaticPlugin } from './plugins/uploads-static.plugin.js'
import { healthRoutes } from './modules/health/health.routes.js'
import { configRoutes } from './modules/config/config.routes.js'
import { denyAllAdmins, type AdminGuard } from './plugins/admin-guard.js'
import { httpCachePlugin } from './plugins/http-cache.plugin.js'
import { ProductsRepository } from './modules/products/products.repository.js'
import { ProductsService } from './modules/products/products.service.js'
import { productsRoutes } from './modules/products/products.routes.js'
import { RecipesRepository } from './modules/recipes/recipes.repository.js'
import { RecipesService } from './modules/recipes/recipes.service.js'
import { recipesRoutes } from './modules/recipes/recipes.routes.js'
import { PackagesRepository } from './modules/packages/packages.repository.js'
import { PackagesService } from './modules/packages/packages.service.js'
import { packagesRoutes } from './modules/packages/packages.routes.js'
import { coalescedRead } from './lib/coalesced-read.js'
import { CatalogVersionRepository } from './modules/catalog/catalog-version.repository.js'

export type AppDependencies = {
  config: AppConfig
  /** Opened and migrated by the caller (server.ts or the test helper), closed with the app. */
  database: DatabaseHandle
  /** The admin check over every catalogue write; no one is an admin until identity is wired in. */
  requireAdmin?: AdminGuard
}

export type App = FastifyInstance

/** Builds the whole application; never listens (server.ts does, tests use inject). */
export async function buildApp({
  config,
  database,
  requireAdmin = denyAllAdmins,
}: AppDependencies): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: true,
    // Under load the default of 72 s keeps idle sockets far longer than a browser needs.
    keepAliveTimeout: 65_000,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onClose', async () => {
    await database.close()
  })

  await app.register(errorsPlugin)
  await app.register(securityPlugin, { config })
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 })
  await app.register(openapiPlugin, { config })

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database })
      await api.register(configRoutes, { config })
      const products = new ProductsService(new ProductsRepository(database.db))
      const recipes = new RecipesService(new RecipesRepository(database.db), products)
      const packages = new PackagesService(new PackagesRepository(database.db), recipes)
      const catalogVersion = new CatalogVersionRepository(database.db)
      // Conditional GETs (ETag, 304) and a response cache keyed by the shared catalogue
      // version, for the catalogue reads only (docs/decisions/031-catalogue-read-cache.md).
      await api.register(async (catalog) => {
        await catalog.register(httpCachePlugin, { version: coalescedRead(() => catalogVersion.current()) })
        await catalog.register(productsRoutes, { prefix: '/products', products, requireAdmin })
        await catalog.register(recipesRoutes, { prefix: '/recipes', recipes, requireAdmin })
        await catalog.register(packagesRoutes, { prefix: '/packages', packages, requireAdmin })
      })
    },
    { prefix: '/api' },
  )

  await app.register(uploadsStaticPlugin, { config })
  await app.register(spaPlugin, { config })
  return app
}

function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  if (config.env === 'test') return { level: 'silent' }
  const base = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["secret-key"]'],
  }
  if (config.env === 'development') {
    return { ...base, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
  }
  return base
}
