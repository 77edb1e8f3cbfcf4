import {
  lineSizeName,
  CART_REMINDER_LINK_DAYS,
  CART_REMINDER_STATS_DAYS,
  toShekels,
  type CartReminderSettingsAdmin,
  type CartReminderStats,
  type RestoredCart,
} from '@tavlin/contracts'
import type { Transaction, UnitOfWork } from '../../db/unit-of-work.js'
import { AppError } from '../../lib/errors.js'
import { JOB_HOLDER } from '../../lib/job-holder.js'
import type { Logger } from '../../lib/logger.js'
import { offerKey, type CatalogOffers } from '../catalog/index.js'
import {
  hashLinkSecret,
  isStoredSecret,
  newLinkSecret,
  signLinkToken,
  verifyLinkToken,
} from '../confirmations/index.js'
import type { CartReminderMailView } from '../mail/index.js'
import type { CartRemindersRepository, LeftCheckout, ReminderRow } from './cart-reminders.repository.js'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** A checkout is reminded of at most this long after its delay ran out (a job down for a day catches up, no more). */
const CATCH_UP_HOURS = 48
/** One address gets at most one reminder in this many days, however many checkouts it leaves. */
const ONE_PER_ADDRESS_DAYS = 7
/** Orders looked at per run; the next run takes the rest. */
const BATCH = 50

export type CartRemindersDeps = {
  repository: CartRemindersRepository
  unitOfWork: UnitOfWork
  settings: () => Promise<CartReminderSettingsAdmin>
  /** The address's recorded marketing consent (privacy); undefined when it never agreed. */
  consentOf: (email: string) => Promise<{ unsubscribeToken: string; withdrawnAt: Date | null } | undefined>
  offers: CatalogOffers
  mail: {
    enqueueCartReminder(orderId: string, view: CartReminderMailView, executor: Transaction): Promise<void>
    deliverCommitted(): void
  }
  /** The e-mailed links' HMAC key (decision 237). */
  signingKey: () => Promise<string>
  publicUrl: string
  log: Logger
}

const linkError = (code: 'LINK_INVALID' | 'LINK_EXPIRED' | 'LINK_USED') =>
  new AppError(code, `Cart reminder link: ${code}`)

const israeliDate = (date: Date) =>
  new Intl.DateTimeFormat('he-IL', { timeZone: 'Asia/Jerusalem', dateStyle: 'short' }).format(date)

/**
 * A checkout left half-way (issue 36, decision 282): the job that sends its one reminder, the
 * restore link's preview and use, and the dashboard's figure.
 */
export function createCartRemindersService(deps: CartRemindersDeps) {
  return {
    ...reminderJob(deps),
    ...restoreLinks(deps),

    async stats(now = new Date()): Promise<CartReminderStats> {
      const [settings, figures] = await Promise.all([
        deps.settings(),
        deps.repository.stats(
          new Date(now.getTime() - CART_REMINDER_STATS_DAYS * DAY_MS),
          CART_REMINDER_LINK_DAYS,
        ),
      ])
      return {
        enabled: settings.enabled,
        days: CART_REMINDER_STATS_DAYS,
        sent: figures.sent,
        ordersFollowed: figures.followed,
        followedTotalAgorot: figures.followedTotalAgorot,
      }
    },
  }
}
export type CartRemindersService = ReturnType<typeof createCartRemindersService>

/** The background job and the one reminder it writes per left order. */
function reminderJob(deps: CartRemindersDeps) {
  const { repository } = deps
  async function remind(checkout: LeftCheckout, unsubscribeToken: string, now: Date): Promise<boolean> {
    const lines = await repository.findLines(checkout.orderId)
    const secret = newLinkSecret()
    const key = await deps.signingKey()
    const expiresAt = new Date(now.getTime() + CART_REMINDER_LINK_DAYS * DAY_MS)
    return deps.unitOfWork.run(async (tx) => {
      const row = await repository.insert(tx, {
        orderId: checkout.orderId,
        email: checkout.email,
        secretHash: hashLinkSecret(secret),
        sentAt: now,
        expiresAt,
      })
      if (!row) return false
      const token = signLinkToken(key, { id: row.id, secret })
      await deps.mail.enqueueCartReminder(
        checkout.orderId,
        {
          email: checkout.email,
          firstName: checkout.firstName,
          orderNumber: `TV-${checkout.number}`,
          lines: lines.map(({ name, size, quantity }) => ({ name, size: lineSizeName(size), quantity })),
          // In the fragment, as the confirmation links (decision 237): no log or Referer holds it.
          restoreUrl: `${deps.publicUrl}/cart/restore#${token}`,
          unsubscribeUrl: new URL(`/unsubscribe?token=${unsubscribeToken}`, deps.publicUrl).toString(),
          validUntil: israeliDate(expiresAt),
        },
        tx,
      )
      return true
    })
  }

  return {
    /**
     * The background job: one run at a time across processes (the lease), and one reminder per
     * order even so (the unique index). Nothing while the owner's switch is off; only checkouts
     * filled after it was turned on, past the delay; only to an address whose marketing consent
     * is recorded and not withdrawn, that ordered and paid nothing since.
     */
    async sendDue(now = new Date()) {
      return deps.unitOfWork.runExclusive(
        'cart-reminders',
        { holder: JOB_HOLDER, leaseSeconds: 300 },
        async () => {
          const settings = await deps.settings()
          if (!settings.enabled || !settings.enabledSince)
            return { enabled: false, sent: 0, withoutConsent: 0 }
          const until = new Date(now.getTime() - settings.delayHours * HOUR_MS)
          const from = new Date(
            Math.max(Date.parse(settings.enabledSince), until.getTime() - CATCH_UP_HOURS * HOUR_MS),
          )
          const onceSince = new Date(now.getTime() - ONE_PER_ADDRESS_DAYS * DAY_MS)
          const outcome = { enabled: true, sent: 0, withoutConsent: 0 }
          for (const checkout of await repository.findLeftCheckouts({ from, until, onceSince }, BATCH)) {
            const consent = await deps.consentOf(checkout.email)
            if (!consent || consent.withdrawnAt) {
              outcome.withoutConsent += 1
              continue
            }
            if (await remind(checkout, consent.unsubscribeToken, now)) outcome.sent += 1
          }
          if (outcome.sent > 0) deps.mail.deliverCommitted()
          deps.log.info({ job: 'cart-reminders', ...outcome }, 'cart reminders run')
          return outcome
        },
      )
    },
  }
}

/** The restore link: what it would put in the cart, and using it once. */
function restoreLinks(deps: CartRemindersDeps) {
  const { repository } = deps
  async function open(token: string, now: Date): Promise<ReminderRow & { orderNumber: number }> {
    const parts = verifyLinkToken(await deps.signingKey(), token.trim())
    if (!parts) throw linkError('LINK_INVALID')
    const row = await repository.findById(parts.id)
    if (!row || !isStoredSecret(parts.secret, row.secretHash)) throw linkError('LINK_INVALID')
    if (row.restoredAt) throw linkError('LINK_USED')
    if (row.expiresAt.getTime() <= now.getTime()) throw linkError('LINK_EXPIRED')
    return row
  }

  async function cartOf(row: ReminderRow & { orderNumber: number }): Promise<RestoredCart> {
    const lines = await repository.findLines(row.orderId)
    const offers = await deps.offers.findOffers(lines)
    const cart: RestoredCart = {
      orderNumber: `TV-${row.orderNumber}`,
      expiresAt: row.expiresAt.toISOString(),
      items: [],
      leftOut: [],
    }
    for (const line of lines) {
      const offer = offers.get(offerKey(line))
      const size = offer?.sizes.find((candidate) => candidate.size === line.size)
      const leftOut = (reason: RestoredCart['leftOut'][number]['reason'], restored = 0) =>
        cart.leftOut.push({
          name: offer?.name ?? line.name,
          size: line.size,
          quantity: line.quantity,
          restored,
          reason,
        })
      if (!offer || !size) {
        leftOut('deleted')
        continue
      }
      const quantity = size.stock === null ? line.quantity : Math.min(line.quantity, size.stock)
      if (quantity <= 0) {
        leftOut('sold-out')
        continue
      }
      if (quantity < line.quantity) leftOut('fewer', quantity)
      cart.items.push({
        itemId: offer.itemId,
        itemType: offer.itemType,
        name: offer.name,
        image: offer.image,
        size: line.size,
        quantity,
        price: toShekels(size.unitPriceAgorot),
        previousPrice: toShekels(line.unitPriceAgorot),
      })
    }
    return cart
  }

  return {
    /** What the link would put in the cart, at today's prices; changes nothing (mail scanners open links). */
    async preview(token: string, now = new Date()): Promise<RestoredCart> {
      return cartOf(await open(token, now))
    },

    /** Uses the link once: the cart at today's prices, sold-out and deleted lines left out and named. */
    async restore(token: string, now = new Date()): Promise<RestoredCart> {
      const row = await open(token, now)
      const cart = await cartOf(row)
      if (!(await repository.markRestored(row.id, now))) throw linkError('LINK_USED')
      return cart
    },
  }
}
