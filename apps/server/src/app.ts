import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import compress from '@fastify/compress'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppConfig } from './config/env.js'
import type { DatabaseHandle } from './db/client.js'
import { errorsPlugin } from './plugins/errors.plugin.js'
import { securityPlugin } from './plugins/security.plugin.js'
import { textInputPlugin } from './plugins/text-input.plugin.js'
import { openapiPlugin } from './plugins/openapi.plugin.js'
import { spaPlugin } from './plugins/spa.plugin.js'
import { KeptPages, keptPagesPlugin } from './plugins/kept-pages.plugin.js'
import { PageCache } from './lib/page-cache.js'
import { uploadsStaticPlugin } from './plugins/uploads-static.plugin.js'
import { healthRoutes } from './modules/health/health.routes.js'
import { configRoutes } from './modules/config/config.routes.js'
import path from 'node:path'
import { SANDBOX_PAYPLUS_PATH } from './config/env.js'
import type { AdminGuard } from './plugins/admin-guard.js'
import { createOrdersRepository } from './modules/orders/orders.repository.js'
import { createOrdersService } from './modules/orders/orders.service.js'
import { createUnitOfWork } from './db/unit-of-work.js'
import { ordersRoutes } from './modules/orders/orders.routes.js'
import { ordersAdminRoutes } from './modules/orders/orders-admin.routes.js'
import { ordersPackingRoutes } from './modules/orders/orders-packing.routes.js'
import { createOrdersExportRepository } from './modules/orders/orders-export.repository.js'
import type { HttpFetch } from './modules/payments/payment-provider.js'
import { createPayPlusProvider } from './modules/payments/payplus.adapter.js'
import { createPaymentsRepository } from './modules/payments/payments.repository.js'
import { createPaymentsService } from './modules/payments/payments.service.js'
import { paymentsRoutes } from './modules/payments/payments.routes.js'
import { createSandboxRepository } from './modules/payments/payplus-sandbox.repository.js'
import { createPayPlusSandbox } from './modules/payments/payplus-sandbox.service.js'
import { payplusSandboxRoutes } from './modules/payments/payplus-sandbox.routes.js'
import { createSandboxRefunds } from './modules/payments/payplus-sandbox-refunds.js'
import { createSandboxRefundsRepository } from './modules/payments/payplus-sandbox-refunds.repository.js'
import { createMailRepository } from './modules/mail/mail.repository.js'
import { createMailService } from './modules/mail/mail.service.js'
import { createMailTransport } from './modules/mail/mail.transport.js'
import { createIdentity } from './modules/identity/index.js'
import { adminMeRoutes } from './modules/identity/admin-me.routes.js'
import { ResponseStore, httpCachePlugin } from './plugins/http-cache.plugin.js'
import { createCatalog, type Catalog } from './modules/catalog/catalog.js'
import { catalogRoutes } from './modules/catalog/catalog.routes.js'
import { createCatalogVersionRepository } from './modules/catalog/catalog-version.repository.js'
import { createCatalogVersion } from './modules/catalog/catalog-version.js'
import { createFormsRepository } from './modules/forms/forms.repository.js'
import { createFormsService } from './modules/forms/forms.service.js'
import { formsRoutes } from './modules/forms/forms.routes.js'
import { Redis } from 'ioredis'
import { createAuditRepository } from './modules/audit/audit.repository.js'
import { createAuditService } from './modules/audit/audit.service.js'
import { activityRoutes } from './modules/audit/activity.routes.js'
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.js'
import { createDashboardService } from './modules/dashboard/dashboard.service.js'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js'
import { createLocalImageStorage, createS3ImageStorage } from './modules/uploads/image-storage.js'
import { createUploadsRepository } from './modules/uploads/uploads.repository.js'
import { createUploadsService } from './modules/uploads/uploads.service.js'
import { uploadsRoutes } from './modules/uploads/uploads.routes.js'
import { loadPageTexts } from './modules/seo/page-texts.js'
import { createBackupJob } from './db/backup/backup.js'
import { createSeoService } from './modules/seo/seo.service.js'
import { loadPageRenderer } from './lib/page-renderer.js'
import { readWebTranslation } from './lib/web-translation.js'
import { seoRoutes } from './modules/seo/seo.routes.js'
import { createShopSettingsRepository } from './modules/shop-settings/shop-settings.repository.js'
import { createShopSettingsService } from './modules/shop-settings/shop-settings.service.js'
import { shopSettingsRoutes } from './modules/shop-settings/shop-settings.routes.js'
import { createPrivacyRepository } from './modules/privacy/privacy.repository.js'
import { createPrivacyService } from './modules/privacy/privacy.service.js'
import { oneClickUnsubscribeRoute, privacyRoutes } from './modules/privacy/privacy.routes.js'
import { createDrizzleCatalogPerishable } from './modules/catalog/catalog-perishable.repository.js'
import { createRefundsRepository } from './modules/orders/refunds.repository.js'
import { createOrderRefunds } from './modules/orders/refund-order.js'
import { createOrderDocuments } from './modules/orders/order-documents.js'
import { refundsRoutes } from './modules/orders/refunds.routes.js'
import { createCancellationsRepository } from './modules/cancellations/cancellations.repository.js'
import { createCancellationsService } from './modules/cancellations/cancellations.service.js'
import { cancellationsRoutes } from './modules/cancellations/cancellations.routes.js'

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
  /** How often the catalogue version is checked and how long it is trusted (tests; decision 160). */
  catalogVersionTiming?: { pollMs?: number; maxAgeMs?: number }
}

export type App = FastifyInstance

/** The background jobs, callable directly (tests, an operator's script); the timers call the same. */
export type AppJobs = {
  reconcilePayments(now?: Date): ReturnType<ReturnType<typeof createOrdersService>['reconcile']>
  deliverMail(): Promise<{ sent: number; failed: number }>
  sweepUploads(now?: Date): ReturnType<ReturnType<typeof createUploadsService>['sweepUnused']>
  /** The daily backup into BACKUP_DIR (decision 121); nothing when it is unset or the newest is recent. */
  backup(now?: Date): ReturnType<ReturnType<typeof createBackupJob>>
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: AppJobs
  }
}

/** Builds the whole application; never listens (server.ts does, tests use inject). */
export async function buildApp({
  config,
  database,
  requireAdmin: requireAdminOverride,
  httpClient = fetch,
  catalogVersionTiming,
}: AppDependencies): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
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
  // On shutdown Fastify closes the connections that are idle at that moment; a
  // keep-alive connection whose request finishes afterwards would stay open until
  // its timeout and hold the process. Asking the client to close it avoids that.
  let isClosing = false
  app.addHook('preClose', async () => {
    isClosing = true
  })
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) void reply.header('connection', 'close')
  })

  await app.register(errorsPlugin)
  // First of all hooks: a repeat visit to a kept page is answered here (decision 154).
  const keptPages = new KeptPages(new PageCache())
  await app.register(keptPagesPlugin, { keptPages })
  // Before every route: the contracts' text rule over all input (decision 110).
  await app.register(textInputPlugin)
  await app.register(securityPlugin, { config })
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 })
  await app.register(openapiPlugin, { config })

  const { db } = database
  const provider = createPayPlusProvider(config.payplus, httpClient)
  const mailTransport = createMailTransport({
    smtpUrl: config.smtpUrl,
    mailDir: path.join(config.dataDir, 'mail'),
  })
  const mail = createMailService({
    repository: createMailRepository(db),
    transport: mailTransport,
    shopName: config.shopName,
    shopEmail: config.shopEmail,
    from: config.mailFrom,
    log: app.log.child({ module: 'mail' }),
    // Asked only when an order is paid, by which time the settings below exist.
    businessDetails: (executor) => shopSettings.details(executor),
    publicUrl: config.publicUrl,
  })
  const audit = createAuditService({
    repository: createAuditRepository(db),
    log: app.log.child({ module: 'audit' }),
  })
  const shopSettings = createShopSettingsService({
    repository: createShopSettingsRepository(db),
    audit,
    shippingFeeAgorot: config.shippingFeeAgorot,
  })
  const orders = createOrdersService({
    repository: createOrdersRepository(db),
    unitOfWork: createUnitOfWork(db),
    // Asked only while requests run, by which time the catalogue below exists.
    prices: { findPrices: (lines) => catalog.prices.findPrices(lines) },
    provider,
    mail,
    audit,
    config,
    log: app.log.child({ module: 'orders' }),
  })
  // Refunds, receipts and cancellation notices (issue 18), beside the orders service.
  const refundsRepository = createRefundsRepository(db)
  const refunds = createOrderRefunds({
    orders: createOrdersRepository(db),
    refunds: refundsRepository,
    perishable: createDrizzleCatalogPerishable(db),
    provider,
    audit,
    log: app.log.child({ module: 'refunds' }),
  })
  const documents = createOrderDocuments({
    refunds: refundsRepository,
    provider,
    isEnabled: config.payplus.invoiceModule,
    log: app.log.child({ module: 'documents' }),
  })
  const cancellations = createCancellationsService({
    repository: createCancellationsRepository(db),
    refunds,
    mail,
    log: app.log.child({ module: 'cancellations' }),
  })
  const payments = createPaymentsService({
    provider,
    repository: createPaymentsRepository(db),
    // The receipt's link first, so the order e-mail written on payment carries it.
    onVerifiedCallback: async (notice) => {
      await documents.captureFromCallback(notice)
      return orders.handlePaymentCallback(notice)
    },
    log: app.log.child({ module: 'payments' }),
  })
  const privacy = createPrivacyService({
    repository: createPrivacyRepository(db),
    audit,
    businessDetails: () => shopSettings.details(),
    publicUrl: config.publicUrl,
  })
  const forms = createFormsService({
    repository: createFormsRepository(db),
    mail,
    consent: privacy,
    log: app.log.child({ module: 'forms' }),
  })
  const uploads = createUploadsService({
    storage: config.s3
      ? createS3ImageStorage(config.s3, httpClient)
      : createLocalImageStorage(path.join(config.dataDir, 'uploads')),
    repository: createUploadsRepository(db),
    // Asked only while requests and jobs run, by which time the catalogue below exists.
    imagesInUse: (urls) => catalog.imagesInUse(urls),
    log: app.log.child({ module: 'uploads' }),
  })
  // The catalogue releases images it stops using; uploads asks it which are still used.
  const catalog: Catalog = createCatalog({ db, audit, images: uploads })
  app.addHook('onClose', async () => mailTransport.close())
  // Rate-limit counters shared by every process (DESIGN §3); short timeouts, since a
  // limiter that waits on Redis would slow every request it guards.
  const rateLimitRedis = config.redisUrl
    ? new Redis(config.redisUrl, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        enableAutoPipelining: true,
      })
    : null
  if (rateLimitRedis) {
    rateLimitRedis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit Redis unavailable'))
    app.addHook('onClose', async () => {
      await rateLimitRedis.quit().catch(() => rateLimitRedis.disconnect())
    })
  }
  const jobs: AppJobs = {
    reconcilePayments: (now) => orders.reconcile(now),
    deliverMail: () => mail.deliverDue(),
    sweepUploads: (now) => uploads.sweepUnused(now),
    backup: createBackupJob(config, database),
  }
  app.decorate('jobs', jobs)
  // Every admin route takes this guard as its `requireAdmin` option (register it with onRequest).
  const identity = await createIdentity({ config, database, mail })
  const requireAdmin = requireAdminOverride ?? identity.requireAdmin
  await app.register(identity.plugin)

  const catalogVersionRepository = createCatalogVersionRepository(database.db)
  // Kept in memory, pushed by the database, checked every 250 ms and never trusted for
  // more than a second without a read (docs/decisions/160).
  const versionLog = app.log.child({ module: 'catalog-version' })
  const catalogVersionSource = await createCatalogVersion({
    read: () => catalogVersionRepository.current(),
    listen: database.listen,
    ...catalogVersionTiming,
    onError: (error) => versionLog.warn({ err: error }, 'catalogue version check failed'),
  })
  app.addHook('preClose', () => catalogVersionSource.stop())
  const catalogVersion = catalogVersionSource.current
  const catalogResponses = new ResponseStore()
  const webTranslation = readWebTranslation(config.webDistDir)
  const seo = createSeoService({
    catalog,
    texts: loadPageTexts(webTranslation, config.shopName),
    publicUrl: config.publicUrl,
    catalogVersion,
  })

  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        checkDatabase: async () => {
          await database.ping()
          return database.engine
        },
      })
      await api.register(configRoutes, { config })
      await api.register(ordersRoutes, { orders })
      await api.register(ordersAdminRoutes, { orders, requireAdmin })
      await api.register(ordersPackingRoutes, {
        orders,
        exports: createOrdersExportRepository(database.db),
        requireAdmin,
      })
      await api.register(paymentsRoutes, { payments })
      await api.register(adminMeRoutes, { requireAdmin })
      await api.register(activityRoutes, { audit, requireAdmin })
      await api.register(dashboardRoutes, {
        dashboard: createDashboardService({ repository: createDashboardRepository(database.db) }),
        requireAdmin,
      })
      await api.register(uploadsRoutes, { uploads, requireAdmin })
      await api.register(shopSettingsRoutes, { settings: shopSettings, requireAdmin })
      // Conditional GETs (ETag, 304) and a response cache keyed by the shared catalogue
      // version, for the catalogue reads only (docs/decisions/031-catalogue-read-cache.md).
      await api.register(async (cached) => {
        await cached.register(httpCachePlugin, {
          version: catalogVersion,
          afterWrite: catalogVersionSource.refresh,
          store: catalogResponses,
        })
        await cached.register(catalogRoutes, { catalog, requireAdmin })
      })
      await api.register(privacyRoutes, {
        privacy,
        requireAdmin,
        perMinute: config.formsRateLimitPerMinute,
        redis: rateLimitRedis,
      })
      await api.register(refundsRoutes, { refunds, documents, requireAdmin })
      await api.register(cancellationsRoutes, {
        cancellations,
        requireAdmin,
        perMinute: config.formsRateLimitPerMinute,
        redis: rateLimitRedis,
      })
      await api.register(formsRoutes, {
        forms,
        requireAdmin,
        perMinute: config.formsRateLimitPerMinute,
        redis: rateLimitRedis,
      })
    },
    { prefix: '/api' },
  )

  if (config.payplus.isSandbox) {
    const sandbox = createPayPlusSandbox({
      repository: createSandboxRepository(db),
      keys: config.payplus,
      shopName: config.shopName,
      baseUrl: `${config.publicUrl}${SANDBOX_PAYPLUS_PATH}`,
      http: httpClient,
      log: app.log.child({ module: 'payplus-sandbox' }),
    })
    const refunds = createSandboxRefunds({
      transactions: createSandboxRepository(db),
      refunds: createSandboxRefundsRepository(db),
      shopName: config.shopName,
      baseUrl: `${config.publicUrl}${SANDBOX_PAYPLUS_PATH}`,
    })
    await app.register(payplusSandboxRoutes, { prefix: SANDBOX_PAYPLUS_PATH, sandbox, refunds })
  }

  startBackgroundJobs(app, config, [
    {
      name: 'reconcile-payments',
      everySeconds: config.reconcileIntervalSeconds,
      run: () => jobs.reconcilePayments(),
    },
    // Mail goes out soon after payment; the outbox claim keeps processes apart.
    {
      name: 'mail-outbox',
      everySeconds: Math.min(config.reconcileIntervalSeconds, 10),
      run: () => jobs.deliverMail(),
    },
    // Uploads no entity uses, past their day of grace (docs/decisions/080).
    { name: 'sweep-uploads', everySeconds: 3600, run: () => jobs.sweepUploads() },
    // Looks every hour; writes when the newest backup is a day old.
    ...(config.backup.dir ? [{ name: 'backup', everySeconds: 3600, run: () => jobs.backup() }] : []),
  ])

  // Search engines: sitemap and robots.txt, and each page's head in the HTML
  // (docs/decisions/085-page-heads-from-the-server.md).
  await app.register(async (site) => {
    await site.register(httpCachePlugin, { version: catalogVersion, maxEntries: 4 })
    await site.register(seoRoutes, { seo })
  })
  await app.register(oneClickUnsubscribeRoute, { privacy })
  await app.register(uploadsStaticPlugin, { config })
  const renderer = await loadPageRenderer(app, {
    entry: config.webRendererEntry,
    translation: webTranslation,
    // The page's catalogue reads, straight from the read cache when it has them.
    cached: async (address) => catalogResponses.get(await catalogVersion(), address),
  })
  await app.register(spaPlugin, {
    config,
    pageHead: (path) => seo.pageHead(path),
    renderer,
    catalogVersion,
    keptPages,
  })
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

type BackgroundJob = { name: string; everySeconds: number; run: () => Promise<unknown> }

/** Jobs start when the app is ready, only when configured (tests call the services instead), and stop on close. */
function startBackgroundJobs(app: App, config: AppConfig, jobs: BackgroundJob[]): void {
  if (config.reconcileIntervalSeconds <= 0) return
  const timers: NodeJS.Timeout[] = []
  const running = new Set<Promise<unknown>>()
  app.addHook('onReady', async () => {
    for (const job of jobs) {
      let busy = false
      const timer = setInterval(() => {
        if (busy) return
        busy = true
        const run = job
          .run()
          .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'background job failed'))
          .finally(() => {
            busy = false
            running.delete(run)
          })
        running.add(run)
      }, job.everySeconds * 1000)
      timers.push(timer)
    }
  })
  app.addHook('preClose', async () => {
    for (const timer of timers) clearInterval(timer)
    await Promise.allSettled([...running])
  })
}
