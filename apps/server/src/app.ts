import type { FastifyInstance } from 'fastify'
import type { AppConfig } from './config/env.js'
import type { DatabaseHandle } from './db/client.js'
import type { AdminGuard } from './plugins/admin-guard.js'
import type { HttpFetch } from './modules/payments/payment-provider.js'
import type { SandboxBehaviour } from './config/sandbox-behaviour.js'
import { createIdentity } from './modules/identity/index.js'
import type { THROTTLE_LIMITS } from './modules/identity/sign-in-throttle.service.js'
import { ResponseStore } from './plugins/http-cache.plugin.js'
import { loadPageTexts } from './modules/seo/page-texts.js'
import { createBackupJob } from './db/backup/backup.js'
import { createSeoService } from './modules/seo/seo.service.js'
import { readWebTranslation } from './lib/web-translation.js'
import { createFastify, registerBasePlugins, type LogStream } from './app/fastify.js'
import { createServices, type Services } from './app/wire-services.js'
import type { RemoteImageOptions } from './modules/catalog/import/remote-image.js'
import { connectRateLimitRedis, startCatalogVersion } from './app/wire-runtime.js'
import { registerApi } from './app/wire-api.js'
import { registerPayPlusSandbox, registerSite } from './app/wire-site.js'
import { scheduleAppJobs, type AppJobs } from './app/jobs.js'
import { closeDeadRuns } from './db/job-runs.js'
import { warnOfSharedDataFolders } from './app/data-folders.js'
import { paymentReturnRoutes } from './modules/orders/payment-return.routes.js'

export type { AppJobs } from './app/jobs.js'

export type AppDependencies = {
  config: AppConfig
  /** Opened and migrated by the caller (server.ts or the test helper), closed with the app. */
  database: DatabaseHandle
  /** Replaces the identity module's admin check (tests of admin routes that are not about sign-in). */
  requireAdmin?: AdminGuard
  /**
   * HTTP client for the payment provider and the sandbox's callbacks. Tests
   * point it at their own listening server, since PUBLIC_URL is not reachable there.
   */
  httpClient?: HttpFetch
  /**
   * The built-in sandbox's knobs, read on every request (tests change them between tests);
   * a copy of PAYPLUS_SANDBOX_BEHAVIOUR's when not given.
   */
  sandboxBehaviour?: SandboxBehaviour
  /** How often the catalogue version is checked and how long it is trusted (tests; decision 160). */
  catalogVersionTiming?: { pollMs?: number; maxAgeMs?: number }
  /** Which kept draw of a page with random parts a visitor gets (tests: a fixed sequence). */
  pageDraws?: () => number
  /** The sign-in throttle's limits, when a test needs waits no busy machine can outrun. */
  signInLimits?: typeof THROTTLE_LIMITS
  /** Where the log goes instead of standard output, at `info` even in tests (the log's own test). */
  logStream?: LogStream
  /** How the catalogue import resolves and fetches image addresses (tests: stubs, no network). */
  importImages?: RemoteImageOptions
}

export type App = FastifyInstance

declare module 'fastify' {
  interface FastifyInstance {
    jobs: AppJobs
  }
}

/**
 * Builds the whole application; never listens (server.ts does, tests use inject).
 * The order of the registrations below is the order of the hooks: keep it (decision 154).
 */
export async function buildApp({
  config,
  database,
  requireAdmin: requireAdminOverride,
  httpClient = fetch,
  catalogVersionTiming,
  pageDraws,
  signInLimits,
  logStream,
  sandboxBehaviour,
  importImages,
}: AppDependencies): Promise<App> {
  const app = createFastify(config, database, logStream)
  await warnOfSharedDataFolders(config, app.log)
  const keptPages = await registerBasePlugins(app, config, pageDraws)

  const services = createServices({ config, database, httpClient, log: app.log, importImages })
  const { mail, orders } = services
  app.addHook('onClose', async () => {
    // A delivery started on enqueue (mail.service.ts) ends before the transport and database go.
    await mail.idle()
    await services.mailTransport.close()
  })
  const rateLimitRedis = await connectRateLimitRedis(app, config)
  const jobs = createAppJobs(services, config, database)
  app.decorate('jobs', jobs)
  // Every admin route takes this guard as its `requireAdmin` option (register it with onRequest).
  const identity = await createIdentity({ config, database, mail, ...(signInLimits ? { signInLimits } : {}) })
  const requireAdmin = requireAdminOverride ?? identity.requireAdmin
  await app.register(identity.plugin)

  const catalogVersionSource = await startCatalogVersion(app, database, catalogVersionTiming)
  const catalogVersion = catalogVersionSource.current
  const catalogResponses = new ResponseStore()
  const webTranslation = readWebTranslation(config.webDistDir)
  const seo = createSeoService({
    catalog: services.catalog,
    texts: loadPageTexts(webTranslation, config.shopName),
    reviews: (item) => services.publishedReviews.ofItem(item),
    publicUrl: config.publicUrl,
    catalogVersion,
  })

  await registerApi(app, {
    config,
    database,
    services,
    requireAdmin,
    requireShopper: identity.requireShopper,
    shopperOf: identity.shopperOf,
    rateLimitRedis,
    catalogVersionSource,
    catalogResponses,
    keptPages,
  })
  await registerPayPlusSandbox(app, {
    config,
    database,
    httpClient,
    behaviour: sandboxBehaviour ?? structuredClone({ ...config.payplus.sandbox }),
  })
  scheduleAppJobs(app, config, jobs)
  // PayPlus's returns (GET or POST) become the pages' clean addresses before the pages answer.
  await app.register(paymentReturnRoutes, { orders })
  await registerSite(app, {
    config,
    seo,
    privacy: services.privacy,
    catalogVersion,
    catalogResponses,
    webTranslation,
    keptPages,
    rateLimitRedis,
    catalog: services.catalog,
  })
  return app
}

/** The background jobs over the services: what the timers run, and tests and scripts call. */
function createAppJobs(services: Services, config: AppConfig, database: DatabaseHandle): AppJobs {
  return {
    reconcilePayments: (now) => services.orders.reconcile(now),
    deliverMail: () => services.mail.deliverDue(),
    sweepUploads: (now) => services.uploads.sweepUnused(now),
    purgeConfirmations: (now) => services.confirmationLinks.purge(now),
    sendStockAlerts: () => services.stockAlerts.sweep(),
    sendCartReminders: (now) => services.cartReminders.sendDue(now),
    requestReviews: (now) => services.reviewRequests.sendDue(now),
    backup: createBackupJob(config, database),
    closeDeadRuns: () => closeDeadRuns(database.db),
  }
}
