import type { BusinessDetails, CustomerMailSettings } from '@tavlin/contracts'
import type { Executor } from '../../db/unit-of-work.js'
import type { Logger } from '../../lib/logger.js'
import type { MailRepository } from './mail.repository.js'
import { createOrderMails } from './order-mails.js'
import type { ShopBrand } from './shop-mail.layout.js'
import {
  renderSignInAlert,
  renderVisitorMessageNotice,
  type SignInAlertView,
  type VisitorMessageView,
} from './mail.templates.js'
import type { MailTransport } from './mail.transport.js'
import { renderCancellationReceived, type CancellationMailView } from './cancellation.templates.js'
import { renderWelcomeCoupon, type WelcomeCouponMailView } from './welcome-coupon.template.js'
import { renderLowStock, type LowStockMailView } from './low-stock.template.js'
import { ACCOUNT_MAIL_KEY_PREFIX, renderAccountMail, type AccountMailView } from './account.templates.js'
import {
  CONFIRMATION_MAIL_KEY_PREFIX,
  renderConfirmationMail,
  type ConfirmationMailView,
} from './confirmation.templates.js'
import { CART_REMINDER_MAIL_KEY_PREFIX } from './cart-reminder.template.js'
import { createShopperNotices } from './shopper-notices.js'

import {
  REVIEW_MAIL_KEY_PREFIX,
  renderReviewRequest,
  type ReviewRequestView,
} from './review-request.template.js'

const MAX_ATTEMPTS = 8
/** Mails whose body holds a single-use link: only the subject and address stay once sent. */
const LINK_MAIL_KEY_PREFIXES = [
  ACCOUNT_MAIL_KEY_PREFIX,
  CONFIRMATION_MAIL_KEY_PREFIX,
  CART_REMINDER_MAIL_KEY_PREFIX,
  REVIEW_MAIL_KEY_PREFIX,
]
const LEASE_SECONDS = 120

type MailDeps = {
  repository: MailRepository
  transport: MailTransport
  shopName: string
  shopEmail: string
  from: string
  log: Logger
  /**
   * The shop's legal details for the order confirmation's disclosure (issue 18), read
   * through the order's transaction; without it the confirmation carries none.
   */
  businessDetails?: (executor?: Executor) => Promise<BusinessDetails>
  /** Where the disclosure's cancellation and terms links point. */
  publicUrl?: string
  /** Mails outside a transaction go out as soon as they are queued (config.mailSendsAtOnce). */
  sendsAtOnce?: boolean
  /** Which of the order's later mails the owner sends (decision 261); absent: all. */
  customerMailSettings?: () => Promise<CustomerMailSettings>
}

/**
 * Delivery started right after a mail is queued (issue 35: a sign-up's link waited up to a
 * minute for the job). One run at a time; a mail queued meanwhile makes it go round again. A
 * failure stays in the outbox, where the job retries it as before. Not awaited by the request.
 */
function deliveryKick(deps: MailDeps) {
  let running: Promise<void> | null = null
  let isAgain = false
  const run = async () => {
    try {
      do {
        isAgain = false
        await deliverDue(deps, 20)
      } while (isAgain)
    } catch (error) {
      deps.log.warn({ err: error }, 'mail: immediate delivery failed; the outbox job retries')
    } finally {
      running = null
    }
  }
  return {
    kick() {
      if (!deps.sendsAtOnce) return
      if (running) isAgain = true
      else running = run()
    },
    /** Resolves once a delivery under way has ended (the app waits for it on close). */
    idle: async () => running ?? undefined,
  }
}

/** The shop as its shoppers' mails show it: the legal details read in the caller's transaction. */
function brandOf(deps: MailDeps) {
  return async (executor?: Executor): Promise<ShopBrand> => ({
    shopName: deps.shopName,
    publicUrl: deps.publicUrl ?? 'http://localhost',
    business: await deps.businessDetails?.(executor),
  })
}

export function createMailService(deps: MailDeps) {
  const delivery = deliveryKick(deps)
  const enqueueNow = async (messages: Parameters<MailRepository['enqueue']>[0]) => {
    await deps.repository.enqueue(messages)
    delivery.kick()
  }
  const brand = brandOf(deps)
  return {
    idle: delivery.idle,
    /** Starts delivering mails queued in a transaction that has now committed (issue 41). */
    deliverCommitted: (): void => delivery.kick(),
    ...createShopperNotices(deps.repository, brand),
    ...createOrderMails({
      repository: deps.repository,
      shopEmail: deps.shopEmail,
      log: deps.log,
      brand,
      customerMailSettings: deps.customerMailSettings,
      kick: delivery.kick,
    }),

    /**
     * Tells the shop about an event inquiry or a contact message. `submissionId` makes
     * the notice one per submission; `executor` puts it in the submission's transaction.
     */
    async enqueueVisitorMessage(
      submissionId: string,
      view: VisitorMessageView,
      executor?: Executor,
    ): Promise<void> {
      const notice = renderVisitorMessageNotice(view, deps.shopName)
      await deps.repository.enqueue(
        [{ dedupeKey: `${view.kind}:${submissionId}`, to: deps.shopEmail, ...notice }],
        executor,
      )
    },

    /** The welcome coupon, once per address. */
    async enqueueWelcomeCoupon(view: WelcomeCouponMailView): Promise<void> {
      const mail = renderWelcomeCoupon(view, deps.shopName)
      await enqueueNow([{ dedupeKey: `welcome-coupon:${view.email}`, to: view.email, ...mail }])
    },

    /** Warns an account's owner that its password is being guessed; one per attack window (`dedupeKey`). */
    async enqueueSignInAlert(dedupeKey: string, view: SignInAlertView): Promise<void> {
      const alert = renderSignInAlert(view, deps.shopName)
      await enqueueNow([{ dedupeKey, to: view.email, ...alert }])
    },

    /**
     * A shopper-account mail with a single-use link (decision 231). `key` makes it one per
     * link; the body is wiped from the outbox once sent, so the database keeps no usable link.
     */
    async enqueueAccountMail(key: string, view: AccountMailView): Promise<void> {
      const mail = renderAccountMail(view, deps.shopName)
      await enqueueNow([{ dedupeKey: `${ACCOUNT_MAIL_KEY_PREFIX}${key}`, to: view.email, ...mail }])
    },

    /**
     * The link that confirms what was asked in the mailbox's name (decision 237), one per
     * confirmation; wiped from the outbox once sent, like the account links.
     */
    async enqueueConfirmationLink(confirmationId: string, view: ConfirmationMailView): Promise<void> {
      const mail = renderConfirmationMail(view, deps.shopName)
      await enqueueNow([
        { dedupeKey: `${CONFIRMATION_MAIL_KEY_PREFIX}${confirmationId}`, to: view.email, ...mail },
      ])
    },

    /** Confirms a cancellation notice to the buyer, and tells the shop (one pair per notice). */
    async enqueueCancellationReceived(requestId: string, view: CancellationMailView): Promise<void> {
      const mail = renderCancellationReceived(view, deps.shopName)
      await enqueueNow([
        { dedupeKey: `cancellation:${requestId}`, to: view.customerEmail, ...mail.toBuyer },
        { dedupeKey: `cancellation-notice:${requestId}`, to: deps.shopEmail, ...mail.toShop },
      ])
    },

    /**
     * Tells the shop an order took counts to the low-stock threshold (decision 229), in the
     * order's transaction: a rolled-back order sends nothing. `key` makes it one per order
     * and reservation (a late payment's retake is its own).
     */
    async enqueueLowStock(key: string, view: LowStockMailView, executor?: Executor): Promise<void> {
      const stockUrl = `${deps.publicUrl ?? 'http://localhost'}/admin?section=stock`
      const mail = renderLowStock(view, deps.shopName, stockUrl)
      await deps.repository.enqueue(
        [{ dedupeKey: `low-stock:${key}`, to: deps.shopEmail, ...mail }],
        executor,
      )
    },

    /** The review e-mail of a delivered order (decision 281), in the transaction that made its links. */
    async enqueueReviewRequest(view: ReviewRequestView, executor?: Executor): Promise<void> {
      const mail = renderReviewRequest(view, await brand(executor))
      await deps.repository.enqueue(
        [{ dedupeKey: `${REVIEW_MAIL_KEY_PREFIX}${view.orderId}`, to: view.email, ...mail }],
        executor,
      )
    },

    /** Sends what is due; a failure is retried later with a growing delay. */
    deliverDue: (limit = 20) => deliverDue(deps, limit),
  }
}
export type MailService = ReturnType<typeof createMailService>

async function deliverDue(deps: MailDeps, limit: number): Promise<{ sent: number; failed: number }> {
  const messages = await deps.repository.claimDue(limit, LEASE_SECONDS)
  let sent = 0
  let failed = 0
  for (const message of messages) {
    try {
      await deps.transport.send({
        from: deps.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      })
      await deps.repository.markSent(
        message.id,
        LINK_MAIL_KEY_PREFIXES.some((prefix) => message.dedupeKey.startsWith(prefix)),
      )
      sent += 1
    } catch (error) {
      failed += 1
      const giveUp = message.attempts >= MAX_ATTEMPTS
      await deps.repository.markFailed(
        message.id,
        (error as Error).message,
        giveUp ? null : 30 * 2 ** message.attempts,
      )
      deps.log.warn({ err: error, mailId: message.id, attempts: message.attempts, giveUp }, 'mail not sent')
    }
  }
  return { sent, failed }
}
