import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../config/env.js'
import type { DatabaseHandle } from '../db/client.js'
import { createUnitOfWork } from '../db/unit-of-work.js'
import type { CatalogOffers } from '../modules/catalog/index.js'
import type { ConfirmationLinks } from '../modules/confirmations/confirmations.service.js'
import type { MailService } from '../modules/mail/index.js'
import type { PrivacyService } from '../modules/privacy/index.js'
import type { ShopSettingsService } from '../modules/shop-settings/shop-settings.service.js'
import { createCartRemindersRepository } from '../modules/cart-reminders/cart-reminders.repository.js'
import { createCartRemindersService } from '../modules/cart-reminders/cart-reminders.service.js'

/**
 * The checkout's marketing box (decision 282) joins the newsletter's double opt-in (decision 237):
 * the address is mailed its confirmation link. `privacy` is asked only while requests run.
 */
export function checkoutConsent(privacy: () => PrivacyService) {
  return (email: string, clientAddress: string | null) =>
    privacy().requestMarketing(email, 'newsletter', clientAddress)
}

/**
 * Reminders of a checkout left half-way (issue 36, decision 282): the owner's switch from the
 * shop settings, the consent from privacy, today's prices from the catalogue, the signed links'
 * key from confirmations, the mail through the outbox.
 */
export function createCartReminders(
  // wire-services.ts's WiringDeps, named here so the two files import in one direction only.
  { config, database: { db }, log }: { config: AppConfig; database: DatabaseHandle; log: FastifyBaseLogger },
  sources: {
    shopSettings: ShopSettingsService
    privacy: PrivacyService
    offers: CatalogOffers
    mail: MailService
    confirmationLinks: ConfirmationLinks
  },
) {
  return createCartRemindersService({
    repository: createCartRemindersRepository(db),
    unitOfWork: createUnitOfWork(db),
    settings: () => sources.shopSettings.cartReminderSettings(),
    consentOf: (email) => sources.privacy.consentOf(email),
    offers: sources.offers,
    mail: sources.mail,
    signingKey: () => sources.confirmationLinks.signingKey(),
    publicUrl: config.publicUrl,
    log: log.child({ module: 'cart-reminders' }),
  })
}
