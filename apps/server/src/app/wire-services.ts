import path from 'node:path'
import { createUnitOfWork } from '../db/unit-of-work.js'
import { createPrivacyRepository } from '../modules/privacy/privacy.repository.js'
import { createPrivacyService } from '../modules/privacy/privacy.service.js'
import { createConfirmationsRepository } from '../modules/confirmations/confirmations.repository.js'
import {
  createConfirmationLinks,
  createConfirmationsService,
} from '../modules/confirmations/confirmations.service.js'
import { createFormsRepository } from '../modules/forms/forms.repository.js'
import { createFormsService } from '../modules/forms/forms.service.js'
import { createLocalImageStorage, createS3ImageStorage } from '../modules/uploads/image-storage.js'
import { createUploadsRepository } from '../modules/uploads/uploads.repository.js'
import { createUploadsService } from '../modules/uploads/uploads.service.js'
import type { ImagesInUse } from '../modules/uploads/index.js'

import { createWelcomeCouponsRepository } from '../modules/coupons/coupons.repository.js'
import { createWelcomeCouponService } from '../modules/coupons/welcome-coupon.service.js'
import type { Catalog } from '../modules/catalog/index.js'
import { wireCatalog } from './wire-catalogue-import.js'
import { createAccountRepository } from '../modules/account/account.repository.js'
import { createAccountService } from '../modules/account/account.service.js'
import { createAddressesService } from '../modules/account/account-addresses.service.js'
import { createFavouritesRepository } from '../modules/account/account-favourites.repository.js'
import { createFavouritesService } from '../modules/account/account-favourites.service.js'
import type { DeleteLocalAccount, IsLocalAccount } from '../modules/account/index.js'
import { createLocalAccounts } from '../modules/identity/index.js'

import { createSalesServices } from './wire-sales.js'
import { createBaseServices, type WiringDeps } from './wire-base.js'
import { confirmStockAlert, createStockAlerts } from './wire-stock-alerts.js'
import { checkoutConsent, createCartReminders } from './wire-cart-reminders.js'
import { createReviewServices, imagesInUseBy } from './wire-reviews.js'

export type { WiringDeps } from './wire-base.js'

export type Services = ReturnType<typeof createServices>

/** Every domain service, wired to its repositories and to each other. */
export function createServices(deps: WiringDeps) {
  const { config, database, log } = deps
  const { db } = database
  const base = createBaseServices(deps)
  // E-mailed confirmations (decision 237): the links other modules ask for, and below, what each does.
  const confirmationLinks = createConfirmationLinks({
    repository: createConfirmationsRepository(db),
    mail: base.mail,
    publicUrl: config.publicUrl,
    linkSecret: config.linkSecret,
    log: log.child({ module: 'confirmations' }),
  })
  // Asked only while requests run, by which time the catalogue below exists.
  const sales = createSalesServices(
    deps,
    { ...base, confirmationLinks, requestMarketing: checkoutConsent(() => privacy) },
    {
      findPrices: (lines) => catalog.prices.findPrices(lines),
      findImages: (ids) => catalog.prices.findImages(ids),
    },
    {
      reserve: (tx, lines, cause) => catalog.stock.reserve(tx, lines, cause),
      release: (tx, lines, cause) => catalog.stock.release(tx, lines, cause),
      lowStock: (threshold) => catalog.stock.lowStock(threshold),
      history: (key) => catalog.stock.history(key),
    },
  )
  const privacy = createPrivacyService({
    repository: createPrivacyRepository(db),
    audit: base.audit,
    businessDetails: () => base.shopSettings.details(),
    publicUrl: config.publicUrl,
    requestConfirmation: (request) => confirmationLinks.request(request),
  })
  const welcomeCoupon = createWelcomeCouponService({
    repository: createWelcomeCouponsRepository(db),
    mail: base.mail,
    audit: base.audit,
  })
  const forms = createFormsService({
    repository: createFormsRepository(db),
    mail: base.mail,
    consent: privacy,
    log: log.child({ module: 'forms' }),
  })
  // What a confirmed link does, per purpose; each is idempotent per confirmation.
  const confirmations = createConfirmationsService({
    links: confirmationLinks,
    handlers: {
      newsletter: async (confirmed) => {
        await privacy.confirmMarketing(confirmed)
        // Only now, and once per mailbox (decision 239).
        await welcomeCoupon.issue(confirmed.email, confirmed.confirmedAt)
      },
      'early-adapter': (confirmed) => privacy.confirmMarketing(confirmed),
      deletion: (confirmed) => privacy.fileDeletionRequest(confirmed),
      cancellation: (confirmed) => sales.cancellations.fileConfirmed(confirmed),
      'stock-alert': confirmStockAlert(deps),
    },
  })
  // Asked only while requests and jobs run, by which time the catalogue and reviews below exist.
  const uploads = createUploads(deps, (urls) => imagesInUseBy(urls, catalog, reviews))
  const catalog: Catalog = wireCatalog({ db, audit: base.audit, uploads, importImages: deps.importImages })
  const reviews = createReviewServices(deps, { ...base, confirmationLinks, uploads })
  const accounts = createAccountServices(deps, { orders: sales.orders, privacy, catalog })
  return {
    ...base,
    ...sales,
    privacy,
    welcomeCoupon,
    forms,
    confirmationLinks,
    confirmations,
    uploads,
    catalog,
    ...accounts,
    stockAlerts: createStockAlerts(deps, { ...base, confirmationLinks }, () => catalog),
    cartReminders: createCartReminders(deps, { ...base, privacy, offers: catalog.offers, confirmationLinks }),
    ...reviews,
  }
}

/** Uploaded images, on the local disk or S3, and the catalogue's answer to which are in use. */
function createUploads({ config, database: { db }, httpClient, log }: WiringDeps, imagesInUse: ImagesInUse) {
  return createUploadsService({
    storage: config.s3
      ? createS3ImageStorage(config.s3, httpClient)
      : createLocalImageStorage(path.join(config.dataDir, 'uploads')),
    repository: createUploadsRepository(db),
    imagesInUse,
    log: log.child({ module: 'uploads' }),
  })
}

/** Shopper accounts (issue 22, decision 230): the profile, their orders, saved addresses, favourites. */
function createAccountServices(
  { config, database: { db } }: WiringDeps,
  sources: { orders: Services['orders']; privacy: Services['privacy']; catalog: Catalog },
) {
  const repository = createAccountRepository(db)
  const unitOfWork = createUnitOfWork(db)
  // The built-in provider's accounts (decision 231): deleted with their sessions in the
  // account deletion's transaction; never the last administrator (409 rolls it all back).
  const localAccounts = createLocalAccounts(config, db)
  const isLocalAccount: IsLocalAccount = (subject) => localAccounts.isLocalAccount(subject)
  const deleteLocalAccount: DeleteLocalAccount = async (subject, tx) => {
    await localAccounts.deleteLocalAccount(subject, tx)
  }
  const account = createAccountService({
    repository,
    unitOfWork,
    orders: sources.orders,
    privacy: sources.privacy,
    prices: sources.catalog.prices,
    isLocalAccount,
    deleteLocalAccount,
  })
  const favourites = createFavouritesService({
    repository: createFavouritesRepository(db),
    offers: sources.catalog.offers,
  })
  return { account, addresses: createAddressesService({ repository, unitOfWork }), favourites }
}
