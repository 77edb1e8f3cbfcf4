import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../config/env.js'
import type { DatabaseHandle } from '../db/client.js'
import { createUnitOfWork } from '../db/unit-of-work.js'
import type { AuditService } from '../modules/audit/index.js'
import type { MailService } from '../modules/mail/index.js'
import type { Catalog, CatalogOffers } from '../modules/catalog/index.js'
import type { ConfirmationLinks } from '../modules/confirmations/confirmations.service.js'
import { createStockAlertsRepository } from '../modules/stock-alerts/stock-alerts.repository.js'
import {
  createStockAlertsService,
  stockAlertConfirmation,
} from '../modules/stock-alerts/stock-alerts.service.js'

/** Back-in-stock alerts (issue 36, decision 277): confirmed by link, mailed by the sweep job. */
/** What the wiring hands every domain (wire-services.ts's WiringDeps), without importing it back. */
type Deps = { config: AppConfig; database: DatabaseHandle; log: FastifyBaseLogger }

export function createStockAlerts(
  { config, database: { db }, log }: Deps,
  base: { mail: MailService; audit: AuditService; confirmationLinks: ConfirmationLinks },
  /** Asked only while requests and jobs run, by which time the catalogue exists. */
  catalog: () => Catalog,
) {
  const offers: CatalogOffers = { findOffers: (items) => catalog().offers.findOffers(items) }
  return createStockAlertsService({
    repository: createStockAlertsRepository(db),
    offers,
    requestConfirmation: (request) => base.confirmationLinks.request(request),
    mail: base.mail,
    unitOfWork: createUnitOfWork(db),
    audit: base.audit,
    publicUrl: config.publicUrl,
    log: log.child({ module: 'stock-alerts' }),
  })
}

/** What a confirmed stock-alert link does (decision 237's handler): the alert starts waiting. */
export function confirmStockAlert({ database: { db } }: Pick<Deps, 'database'>) {
  return stockAlertConfirmation(createStockAlertsRepository(db))
}
