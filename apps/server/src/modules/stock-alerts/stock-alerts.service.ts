import {
  MAX_STOCK_ALERTS_PER_MAILBOX,
  PACKAGE_SIZE,
  type StockAlertCounts,
  type StockAlertKey,
  type StockAlertRequest,
} from '@tavlin/contracts'
import type { UnitOfWork } from '../../db/unit-of-work.js'
import { AppError, notFound } from '../../lib/errors.js'
import type { Logger } from '../../lib/logger.js'
import { mailboxOf } from '../../lib/mailbox.js'
import type { Actor, AuditService } from '../audit/index.js'
import { offerKey, type CatalogOffers, type ItemOffer } from '../catalog/index.js'
import type { ConfirmedRequest, RequestConfirmation } from '../confirmations/index.js'
import type { MailService } from '../mail/index.js'
import type { AlertKey, StockAlertsRepository } from './stock-alerts.repository.js'

/** A second press within this time sends no second link (the first is on its way). */
const REPEAT_WINDOW_SECONDS = 10 * 60

export type StockAlertsDeps = {
  repository: StockAlertsRepository
  offers: CatalogOffers
  requestConfirmation: RequestConfirmation
  mail: Pick<MailService, 'enqueueStockAlert' | 'deliverCommitted'>
  unitOfWork: UnitOfWork
  audit: Pick<AuditService, 'record'>
  publicUrl: string
  log: Logger
}

/** The size as the alert names it: a package's own name, a product's name and size. */
export function labelOf(name: string, key: AlertKey): string {
  return key.itemType === 'Package' ? name : `${name} (${key.size})`
}

const sizeOf = (offer: ItemOffer | undefined, size: string) => offer?.sizes.find((s) => s.size === size)
const isBack = (stock: number | null) => stock === null || stock > 0

/**
 * Back-in-stock alerts per size (issue 36, decision 277). Asking stores nothing but the
 * confirmation: the alert exists once its address confirmed it. The sweep mails each
 * waiting alert whose size has units again, once, and drops those whose product or size is gone.
 */
export function createStockAlertsService(deps: StockAlertsDeps) {
  const { repository, offers } = deps

  /** The key's offer, or 404 when the catalogue has no such product, package or size. */
  async function findSize(key: AlertKey) {
    const offer = (await offers.findOffers([key])).get(offerKey(key))
    const size = sizeOf(offer, key.size)
    if (!offer || !size) throw notFound(key.itemType === 'Package' ? 'Package' : 'Size')
    return { offer, size }
  }

  return {
    /**
     * A shopper asks to hear when a sold-out size is back: 404 for an unknown item or size,
     * 409 STOCK_ALERT_IN_STOCK when it can be bought now, 429 when the mailbox waits for
     * too many sizes. Otherwise the same answer whether or not a link went out.
     */
    async request(input: StockAlertRequest, clientAddress: string | null, subject: string | null) {
      const key: AlertKey = { itemType: input.itemType, itemId: input.itemId, size: input.size }
      if (key.itemType === 'Package' && key.size !== PACKAGE_SIZE) throw notFound('Size')
      const { offer, size } = await findSize(key)
      if (isBack(size.stock))
        throw new AppError('STOCK_ALERT_IN_STOCK', 'This size is in stock now', { stock: size.stock })
      const email = input.email.trim().toLowerCase()
      if (await repository.isWaiting(email, key)) return
      if ((await repository.countForMailbox(mailboxOf(email))) >= MAX_STOCK_ALERTS_PER_MAILBOX)
        throw new AppError('STOCK_ALERT_LIMIT_REACHED', 'Too many alerts for this mailbox', {
          max: MAX_STOCK_ALERTS_PER_MAILBOX,
        })
      if (await repository.hasRecentLink(email, key, REPEAT_WINDOW_SECONDS)) return
      await deps.requestConfirmation({
        purpose: 'stock-alert',
        email,
        payload: { ...key, subject },
        clientAddress,
        itemLabel: labelOf(offer.name, key),
      })
    },

    confirm: stockAlertConfirmation(repository),

    ...createStockAlertSweep(deps),
  }
}
export type StockAlertsService = ReturnType<typeof createStockAlertsService>

/** The confirmation's handler: the alert starts waiting (once, however often the link is pressed). */
export function stockAlertConfirmation(repository: StockAlertsRepository) {
  return async (confirmed: ConfirmedRequest): Promise<void> => {
    const { itemType, itemId, size, subject } = confirmed.payload
    if ((itemType !== 'Product' && itemType !== 'Package') || typeof itemId !== 'string') return
    if (typeof size !== 'string') return
    await repository.insert({
      confirmationId: confirmed.id,
      email: confirmed.email,
      mailbox: mailboxOf(confirmed.email),
      subject: typeof subject === 'string' ? subject : null,
      itemType,
      itemId,
      size,
      requestedAt: confirmed.requestedAt,
      requestAddress: confirmed.requestAddress,
      confirmedAt: confirmed.confirmedAt,
      confirmAddress: confirmed.confirmAddress,
    })
  }
}

/** The job that mails the sizes back in stock, and the owner's view of who waits. */
function createStockAlertSweep(deps: StockAlertsDeps) {
  const { repository, offers } = deps

  /** The product's page with the size chosen; a package's page. */
  function pageOf(key: AlertKey): string {
    if (key.itemType === 'Package') return `${deps.publicUrl}/packages/${key.itemId}/info`
    return `${deps.publicUrl}/products/${key.itemId}/info?size=${encodeURIComponent(key.size)}`
  }

  /** Mails the alerts of one size that is back, deleting them in the same transaction. */
  async function mailSize(key: AlertKey, name: string): Promise<number> {
    const sent = await deps.unitOfWork.run(async (tx) => {
      const alerts = await repository.take(tx, key)
      for (const alert of alerts) {
        await deps.mail.enqueueStockAlert(
          alert.id,
          {
            email: alert.email,
            name,
            size: key.itemType === 'Package' ? null : key.size,
            url: pageOf(key),
          },
          tx,
        )
      }
      return alerts.length
    })
    if (sent > 0) deps.mail.deliverCommitted()
    return sent
  }

  return {
    /**
     * The job: every size with waiting alerts whose count is above 0 again (an owner's
     * restock, a cancelled or unpaid order's units back) gets its mails; the alerts of a
     * deleted product, package or size are dropped unmailed.
     */
    async sweep(): Promise<{ sent: number; dropped: number }> {
      const waiting = await repository.waitingCounts()
      if (waiting.length === 0) return { sent: 0, dropped: 0 }
      const found = await offers.findOffers(waiting)
      let sent = 0
      let dropped = 0
      for (const key of waiting) {
        const offer = found.get(offerKey(key))
        const size = sizeOf(offer, key.size)
        if (!offer || !size) dropped += await repository.drop(key)
        else if (isBack(size.stock)) sent += await mailSize(key, offer.name)
      }
      if (sent + dropped > 0) deps.log.info({ sent, dropped }, 'stock alerts: mailed and dropped')
      return { sent, dropped }
    },

    /** How many wait for each size, with its name and units now (the stock panel, the dashboard). */
    async counts(): Promise<StockAlertCounts> {
      const waiting = await repository.waitingCounts()
      const found = await offers.findOffers(waiting)
      const items = waiting.flatMap((row) => {
        const offer = found.get(offerKey(row))
        const size = sizeOf(offer, row.size)
        return offer && size ? [{ ...row, name: offer.name, stock: size.stock }] : []
      })
      return { total: items.reduce((sum, item) => sum + item.waiting, 0), items }
    },

    /** The owner drops a size's waiting list (it will not come back): nobody is mailed. */
    async drop(key: StockAlertKey, actor: Actor | undefined): Promise<{ dropped: number }> {
      const offer = (await offers.findOffers([key])).get(offerKey(key))
      const dropped = await repository.drop(key)
      if (dropped > 0) {
        const name = offer ? labelOf(offer.name, key) : key.size
        await deps.audit.record(actor, {
          action: 'delete',
          entityType: key.itemType === 'Package' ? 'package' : 'product',
          entityId: key.itemId,
          summary: `ביטול ${dropped} בקשות לעדכון כשיחזור למלאי: ${name}`,
        })
      }
      return { dropped }
    },
  }
}
