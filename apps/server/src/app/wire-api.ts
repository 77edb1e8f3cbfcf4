import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { REVIEW_LINK_HEADER } from '@tavlin/contracts'
import type { AppConfig } from '../config/env.js'
import type { DatabaseHandle } from '../db/client.js'
import type { AdminGuard, OptionalShopper, ShopperGuard } from '../plugins/admin-guard.js'
import { type ResponseStore, afterWritePlugin, httpCachePlugin } from '../plugins/http-cache.plugin.js'
import type { KeptPages } from '../plugins/kept-pages.plugin.js'
import { healthRoutes } from '../modules/health/health.routes.js'
import { configRoutes } from '../modules/config/config.routes.js'
import { ordersRoutes } from '../modules/orders/orders.routes.js'
import { ordersAdminRoutes } from '../modules/orders/orders-admin.routes.js'
import { ordersPackingRoutes } from '../modules/orders/orders-packing.routes.js'
import { createOrdersExportRepository } from '../modules/orders/orders-export.repository.js'
import { paymentsRoutes } from '../modules/payments/payments.routes.js'
import { adminMeRoutes } from '../modules/identity/admin-me.routes.js'
import { activityRoutes } from '../modules/audit/activity.routes.js'
import { createDashboardRepository } from '../modules/dashboard/dashboard.repository.js'
import { createDashboardService } from '../modules/dashboard/dashboard.service.js'
import { dashboardRoutes } from '../modules/dashboard/dashboard.routes.js'
import { uploadsRoutes } from '../modules/uploads/uploads.routes.js'
import { shopReadRoutes, shopSettingsAdminRoutes } from '../modules/shop-settings/shop-settings.routes.js'
import { catalogRoutes } from '../modules/catalog/catalog.routes.js'
import { stockRoutes } from '../modules/catalog/catalog-stock.routes.js'
import { catalogueExportRoutes } from '../modules/catalog/export/catalogue-export.routes.js'
import { bulkEditRoutes } from '../modules/catalog/bulk/bulk-edit.routes.js'
import { productsAdminRoutes } from '../modules/catalog/products/products-admin.routes.js'
import { catalogueImportRoutes } from '../modules/catalog/import/catalogue-import.routes.js'
import type { CatalogVersion } from '../modules/catalog/catalog-version.js'
import { privacyRoutes } from '../modules/privacy/privacy.routes.js'
import { refundsRoutes } from '../modules/orders/refunds.routes.js'
import { cancellationsRoutes } from '../modules/cancellations/cancellations.routes.js'
import { formsRoutes } from '../modules/forms/forms.routes.js'
import { confirmationsRoutes } from '../modules/confirmations/confirmations.routes.js'
import { couponsRoutes } from '../modules/coupons/coupons.routes.js'
import { deliveryRoutes } from '../modules/delivery/delivery.routes.js'
import { deliveryAdminRoutes } from '../modules/delivery/delivery-admin.routes.js'
import { couriersAdminRoutes } from '../modules/delivery/couriers-admin.routes.js'
import { ordersTrackingRoutes } from '../modules/orders/orders-tracking.routes.js'
import { accountRoutes } from '../modules/account/account.routes.js'
import { stockAlertsRoutes } from '../modules/stock-alerts/stock-alerts.routes.js'
import { cartRemindersRoutes } from '../modules/cart-reminders/cart-reminders.routes.js'
import { reviewReadRoutes, reviewWriteRoutes } from '../modules/reviews/reviews.routes.js'
import { reviewsAdminRoutes } from '../modules/reviews/reviews-admin.routes.js'
import { reviewPhotosRoutes } from '../modules/uploads/review-photos.routes.js'
import type { Services } from './wire-services.js'

export type ApiWiring = {
  config: AppConfig
  database: DatabaseHandle
  services: Services
  requireAdmin: AdminGuard
  /** Any valid access token: the shopper's own routes (decision 230). */
  requireShopper: ShopperGuard
  /** Who is signed in at checkout, if anyone. */
  shopperOf: OptionalShopper
  rateLimitRedis: Redis | null
  catalogVersionSource: CatalogVersion
  catalogResponses: ResponseStore
  /** Repeats of kept catalogue reads are answered at its door (decision 166). */
  keptPages: KeptPages
}

/** Every JSON route, under /api, in its registration order. */
export async function registerApi(app: FastifyInstance, wiring: ApiWiring): Promise<void> {
  await app.register(
    async (api) => {
      await registerShopAndAdminRoutes(api, wiring)
      await registerCustomerRequestRoutes(api, wiring)
    },
    { prefix: '/api' },
  )
}

async function registerShopAndAdminRoutes(api: FastifyInstance, wiring: ApiWiring): Promise<void> {
  const { config, database, services, requireAdmin, rateLimitRedis } = wiring
  const { orders, audit } = services
  await api.register(healthRoutes, {
    checkDatabase: async () => {
      await database.ping()
      return database.engine
    },
  })
  await api.register(configRoutes, { config })
  await api.register(ordersRoutes, {
    orders,
    redis: rateLimitRedis,
    shopperOf: wiring.shopperOf,
    checkoutsPerMinute: config.checkoutLimits.perMinute,
  })
  await api.register(ordersAdminRoutes, { orders, requireAdmin })
  await api.register(couponsRoutes, {
    coupons: services.coupons,
    welcome: services.welcomeCoupon,
    requireAdmin,
  })
  await api.register(deliveryRoutes, { delivery: services.delivery })
  await api.register(ordersPackingRoutes, {
    orders,
    exports: createOrdersExportRepository(database.db),
    requireAdmin,
  })
  await api.register(ordersTrackingRoutes, { tracking: services.tracking, requireAdmin })
  await api.register(couriersAdminRoutes, { couriers: services.couriers, requireAdmin })
  await api.register(paymentsRoutes, { payments: services.payments })
  await api.register(adminMeRoutes, { requireAdmin })
  await api.register(activityRoutes, { audit, requireAdmin })
  await api.register(dashboardRoutes, {
    dashboard: createDashboardService({
      repository: createDashboardRepository(database.db),
      lowStockThreshold: async () => (await services.shopSettings.stockSettings()).lowStockThreshold,
      stockAlerts: () => services.stockAlerts.counts(),
      cartReminders: (now) => services.cartReminders.stats(now),
    }),
    requireAdmin,
  })
  await api.register(uploadsRoutes, { uploads: services.uploads, requireAdmin })
  // The admin's edits of what the cached reads below show: read back at once (decision 232).
  await api.register(async (settings) => {
    await settings.register(afterWritePlugin, { afterWrite: wiring.catalogVersionSource.refresh })
    await settings.register(shopSettingsAdminRoutes, { settings: services.shopSettings, requireAdmin })
    // The delivery methods write the shop's delivery sentences (issue 35): read back at once too.
    await settings.register(deliveryAdminRoutes, { delivery: services.delivery, requireAdmin })
  })
  await api.register(stockRoutes, {
    stock: services.catalog.stock,
    settings: {
      get: () => services.shopSettings.stockSettings(),
      update: (input, actor) => services.shopSettings.updateStockSettings(input, actor),
    },
    requireAdmin,
  })
  await api.register(catalogueExportRoutes, { contents: services.catalog.contents, requireAdmin })
  await registerCatalogueAdminRoutes(api, wiring)
  // Conditional GETs (ETag, 304) and a response cache keyed by the shared catalogue
  // version, for the catalogue reads and the business details and legal pages, whose
  // writes bump that version too (docs/decisions/031-catalogue-read-cache.md, 232).
  await api.register(async (cached) => {
    await cached.register(httpCachePlugin, {
      version: wiring.catalogVersionSource.current,
      afterWrite: wiring.catalogVersionSource.refresh,
      store: wiring.catalogResponses,
      door: wiring.keptPages,
    })
    await cached.register(catalogRoutes, { catalog: services.catalog, requireAdmin })
    await cached.register(shopReadRoutes, { settings: services.shopSettings })
    await cached.register(reviewReadRoutes, { published: services.publishedReviews })
  })
}

/**
 * The admin's bulk changes, import and product reads. A bulk change or an applied import changes
 * the catalogue: this process's next read must see it (decision 160). The admin's own reads of
 * the products (hidden ones too, decision 293) sit beside them, outside the read cache.
 */
async function registerCatalogueAdminRoutes(api: FastifyInstance, wiring: ApiWiring): Promise<void> {
  await api.register(async (catalogueWrites) => {
    await catalogueWrites.register(afterWritePlugin, { afterWrite: wiring.catalogVersionSource.refresh })
    await catalogueWrites.register(productsAdminRoutes, {
      products: wiring.services.catalog.adminProducts,
      requireAdmin: wiring.requireAdmin,
    })
    await catalogueWrites.register(bulkEditRoutes, {
      bulkEdit: wiring.services.catalog.productsBulkEdit,
      requireAdmin: wiring.requireAdmin,
    })
    await catalogueWrites.register(catalogueImportRoutes, {
      importer: wiring.services.catalog.importer,
      requireAdmin: wiring.requireAdmin,
    })
  })
}

/** The routes that take a customer's request (privacy, refunds, cancellations, forms, their account). */
async function registerCustomerRequestRoutes(api: FastifyInstance, wiring: ApiWiring): Promise<void> {
  const { config, services, requireAdmin, rateLimitRedis } = wiring
  const limits = { perMinute: config.formsRateLimitPerMinute, redis: rateLimitRedis }
  await api.register(privacyRoutes, { privacy: services.privacy, requireAdmin, ...limits })
  await api.register(refundsRoutes, {
    refunds: services.refunds,
    documents: services.documents,
    requireAdmin,
  })
  await api.register(cancellationsRoutes, {
    cancellations: services.cancellations,
    requireAdmin,
    shopperOf: wiring.shopperOf,
    ...limits,
  })
  await api.register(confirmationsRoutes, { confirmations: services.confirmations, redis: rateLimitRedis })
  await api.register(cartRemindersRoutes, { reminders: services.cartReminders, redis: rateLimitRedis })
  await api.register(formsRoutes, { forms: services.forms, requireAdmin, ...limits })
  await api.register(stockAlertsRoutes, {
    stockAlerts: services.stockAlerts,
    requireAdmin,
    shopperOf: wiring.shopperOf,
    ...limits,
  })
  await registerReviewRoutes(api, wiring)
  await api.register(accountRoutes, {
    account: services.account,
    addresses: services.addresses,
    favourites: services.favourites,
    requireShopper: wiring.requireShopper,
  })
}

/** Reviews (issue 36): a buyer's writes and photo, and the admin's queue, read back at once (decision 232). */
async function registerReviewRoutes(api: FastifyInstance, wiring: ApiWiring): Promise<void> {
  const { services, requireAdmin, requireShopper, rateLimitRedis: redis } = wiring
  await api.register(reviewWriteRoutes, { reviews: services.reviews, requireShopper, redis })
  await api.register(reviewPhotosRoutes, {
    uploads: services.uploads,
    redis,
    // The e-mailed link's token, or a signed-in shopper.
    authorize: async (request) => {
      const token = request.headers[REVIEW_LINK_HEADER]
      if (typeof token === 'string' && token !== '') await services.reviews.openLink(token, new Date())
      else await requireShopper(request)
    },
  })
  await api.register(async (scope) => {
    await scope.register(afterWritePlugin, { afterWrite: wiring.catalogVersionSource.refresh })
    await scope.register(reviewsAdminRoutes, {
      moderation: services.reviewModeration,
      requests: services.reviewRequests,
      requireAdmin,
    })
  })
}
