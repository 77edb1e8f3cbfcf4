import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../config/env.js'
import type { DatabaseHandle } from '../db/client.js'
import type { HttpFetch } from '../modules/payments/payment-provider.js'
import type { RemoteImageOptions } from '../modules/catalog/import/remote-image.js'
import { createPayPlusProvider } from '../modules/payments/payplus.adapter.js'
import { createMailRepository } from '../modules/mail/mail.repository.js'
import { createMailService } from '../modules/mail/mail.service.js'
import { createMailTransport } from '../modules/mail/mail.transport.js'
import { createAuditRepository } from '../modules/audit/audit.repository.js'
import { createAuditService } from '../modules/audit/audit.service.js'
import { createShopSettingsRepository } from '../modules/shop-settings/shop-settings.repository.js'
import { createShopSettingsService } from '../modules/shop-settings/shop-settings.service.js'
import { createDeliveryRepository } from '../modules/delivery/delivery.repository.js'
import { createDeliveryService } from '../modules/delivery/delivery.service.js'

export type WiringDeps = {
  config: AppConfig
  database: DatabaseHandle
  httpClient: HttpFetch
  log: FastifyBaseLogger
  /** How the catalogue import fetches images given as addresses (tests inject a resolver). */
  importImages?: RemoteImageOptions | undefined
}

export type BaseServices = ReturnType<typeof createBaseServices>

/** Mail, audit, delivery and the shop's settings, which the other services lean on. */
export function createBaseServices({ config, database: { db }, httpClient, log }: WiringDeps) {
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
    log: log.child({ module: 'mail' }),
    // Asked only when an order is paid, by which time the settings below exist.
    businessDetails: (executor) => shopSettings.details(executor),
    publicUrl: config.publicUrl,
    sendsAtOnce: config.mailSendsAtOnce,
    customerMailSettings: () => shopSettings.customerMailSettings(),
  })
  const audit = createAuditService({
    repository: createAuditRepository(db),
    log: log.child({ module: 'audit' }),
  })
  const delivery = createDeliveryService({
    repository: createDeliveryRepository(db),
    audit,
    standard: { feeAgorot: config.shippingFeeAgorot, days: config.deliveryDays },
  })
  const shopSettings = createShopSettingsService({
    repository: createShopSettingsRepository(db),
    audit,
    // The terms, checkout and the e-mail say what the delivery methods do (issue 35).
    deliveryTerms: (executor) => delivery.terms(executor),
  })
  return { provider, mailTransport, mail, audit, delivery, shopSettings }
}
