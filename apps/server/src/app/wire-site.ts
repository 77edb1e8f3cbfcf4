import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../config/env.js'
import { SANDBOX_PAYPLUS_PATH } from '../config/env.js'
import type { DatabaseHandle } from '../db/client.js'
import type { Redis } from 'ioredis'
import { spaPlugin } from '../plugins/spa.plugin.js'
import { createRenderGuard } from '../plugins/page-render-guard.js'
import type { SearchFinds } from '../plugins/search-pages.js'
import type { Catalog } from '../modules/catalog/index.js'
import type { KeptPages } from '../plugins/kept-pages.plugin.js'
import { type ResponseStore, httpCachePlugin } from '../plugins/http-cache.plugin.js'
import { uploadsStaticPlugin } from '../plugins/uploads-static.plugin.js'
import { loadPageRenderer } from '../lib/page-renderer.js'
import type { readWebTranslation } from '../lib/web-translation.js'
import type { HttpFetch } from '../modules/payments/payment-provider.js'
import { createSandboxRepository } from '../modules/payments/payplus-sandbox.repository.js'
import { createPayPlusSandbox } from '../modules/payments/payplus-sandbox.service.js'
import { payplusSandboxRoutes } from '../modules/payments/payplus-sandbox.routes.js'
import { createSandboxRefunds } from '../modules/payments/payplus-sandbox-refunds.js'
import { createSandboxRefundsRepository } from '../modules/payments/payplus-sandbox-refunds.repository.js'
import type { SandboxBehaviour } from '../config/sandbox-behaviour.js'
import { createOrdersRepository } from '../modules/orders/orders.repository.js'
import { formatOrderNumber } from '../modules/orders/orders.mapper.js'
import type { createSeoService } from '../modules/seo/seo.service.js'
import { seoRoutes } from '../modules/seo/seo.routes.js'
import type { createPrivacyService } from '../modules/privacy/privacy.service.js'
import { oneClickUnsubscribeRoute } from '../modules/privacy/privacy.routes.js'

/** PayPlus's stand-in under SANDBOX_PAYPLUS_PATH, only when the sandbox keys are configured. */
export async function registerPayPlusSandbox(
  app: FastifyInstance,
  {
    config,
    database,
    httpClient,
    behaviour,
  }: { config: AppConfig; database: DatabaseHandle; httpClient: HttpFetch; behaviour: SandboxBehaviour },
): Promise<void> {
  if (!config.payplus.isSandbox) return
  const { db } = database
  const orders = createOrdersRepository(db)
  const common = {
    keys: config.payplus,
    shopName: config.shopName,
    baseUrl: `${config.publicUrl}${SANDBOX_PAYPLUS_PATH}`,
    shopOrigin: new URL(config.publicUrl).origin,
    behaviour,
    http: httpClient,
    log: app.log.child({ module: 'payplus-sandbox' }),
  }
  const refundsRepository = createSandboxRefundsRepository(db)
  const sandbox = createPayPlusSandbox({
    ...common,
    repository: createSandboxRepository(db),
    refunds: refundsRepository,
    // The page shows the shop's own order, by its number and total, and nothing else.
    shopOrder: async (orderId) => {
      const order = await orders.findById(orderId)
      return order ? { number: formatOrderNumber(order.number), totalAgorot: order.totalAgorot } : null
    },
  })
  const refunds = createSandboxRefunds({
    ...common,
    transactions: createSandboxRepository(db),
    refunds: refundsRepository,
  })
  await app.register(payplusSandboxRoutes, { prefix: SANDBOX_PAYPLUS_PATH, sandbox, refunds })
}

export type SiteWiring = {
  config: AppConfig
  seo: ReturnType<typeof createSeoService>
  privacy: ReturnType<typeof createPrivacyService>
  catalogVersion: () => Promise<number>
  catalogResponses: ResponseStore
  webTranslation: ReturnType<typeof readWebTranslation>
  keptPages: KeptPages
  /** Counts the renders each address causes, with every process when shared (decision 272). */
  rateLimitRedis: Redis | null
  /** The lists searched in a page's address: a search that finds nothing is not rendered (decision 287). */
  catalog: Pick<Catalog, 'products' | 'recipes'>
}

/** One row is enough to know: a search that finds anything, in any category, on any page. */
function searchFindsIn(catalog: SiteWiring['catalog']): SearchFinds {
  return async (kind, filter) => (await catalog[kind].list({ page: 1, limit: 1, filter })).totalItems > 0
}

/** What browsers and search engines get outside /api: heads, sitemap, uploads and the pages. */
export async function registerSite(app: FastifyInstance, wiring: SiteWiring): Promise<void> {
  const { config, seo, catalogVersion, catalogResponses } = wiring
  // Search engines: sitemap and robots.txt, and each page's head in the HTML
  // (docs/decisions/085-page-heads-from-the-server.md).
  await app.register(async (site) => {
    await site.register(httpCachePlugin, { version: catalogVersion, maxEntries: 4 })
    await site.register(seoRoutes, { seo })
  })
  await app.register(oneClickUnsubscribeRoute, { privacy: wiring.privacy })
  await app.register(uploadsStaticPlugin, { config })
  const renderer = loadPageRenderer(app, {
    entry: config.webRendererEntry,
    translation: wiring.webTranslation,
    // The page's catalogue reads, straight from the read cache when it has them.
    cached: async (address) => catalogResponses.get(await catalogVersion(), address),
  })
  await app.register(spaPlugin, {
    config,
    pageHead: (path) => seo.pageHead(path),
    renderer,
    catalogVersion,
    keptPages: wiring.keptPages,
    renderGuard: await createRenderGuard(app, config.pages, wiring.rateLimitRedis),
    searchFinds: searchFindsIn(wiring.catalog),
  })
}
