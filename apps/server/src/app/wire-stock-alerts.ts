import { createUnitOfWork } from '../db/unit-of-work.js'
import type { Catalog, CatalogOffers } from '../modules/catalog/index.js'
import type { ConfirmationLinks } from '../modules/confirmations/confirmations.service.js'
import { createStockAlertsRepository } from '../modules/stock-alerts/stock-alerts.repository.js'
import {
  createStockAlertsService,
  stockAlertConfirmation,
} from '../modules/stock-alerts/stock-alerts.service.js'
import type { BaseServices, WiringDeps } from './wire-services.js'

/** Back-in-stock alerts (issue 36, decision 277): confirmed by link, mailed by the sweep job. */
export function createStockAlerts(
  { config, database: { db }, log }: WiringDeps,
  base: Pick<BaseServices, 'mail' | 'audit'> & { confirmationLinks: ConfirmationLinks },
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
export function confirmStockAlert({ database: { db } }: WiringDeps) {
  return stockAlertConfirmation(createStockAlertsRepository(db))
}
