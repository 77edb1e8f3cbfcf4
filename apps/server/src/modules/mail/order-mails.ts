import {
  DEFAULT_CUSTOMER_MAIL_SETTINGS,
  type CustomerMailSettings,
  type OrderMailEntry,
  type OrderMailKind,
} from '@tavlin/contracts'
import type { Executor } from '../../db/unit-of-work.js'
import type { Logger } from '../../lib/logger.js'
import type { MailRepository, OrderMailOutcome } from './mail.repository.js'
import {
  orderUpdateKey,
  renderOrderUpdate,
  type OrderUpdate,
  type OrderUpdateView,
} from './order-updates.templates.js'
import type { ShopBrand } from './shop-mail.layout.js'
import { renderDisclosure } from './disclosure.template.js'
import { renderNewOrderNotice, type OrderMailView } from './mail.templates.js'
import { renderOrderConfirmation } from './order-confirmation.template.js'

export type OrderMailsDeps = {
  repository: MailRepository
  shopEmail: string
  log: Logger
  brand: (executor?: Executor) => Promise<ShopBrand>
  /** The owner's switches (decision 261); absent: every step is on. */
  customerMailSettings?: (() => Promise<CustomerMailSettings>) | undefined
  /** Starts a delivery of the outbox now (decision 258). */
  kick: () => void
}

/**
 * The mails a shopper gets as the order moves on (issue 41): each is queued once per step
 * (its outbox key), unless the owner switched the step off or the customer's address was
 * erased, and what became of it is logged on the order's history either way.
 */
export function createOrderMails(deps: OrderMailsDeps) {
  return {
    /** Called inside the transaction that marks the order paid: both commit or neither. */
    async enqueueOrderPaid(view: OrderMailView, executor?: Executor): Promise<void> {
      const shop = await deps.brand(executor)
      const disclosure = shop.business ? renderDisclosure(shop.business, shop.publicUrl) : undefined
      const confirmation = renderOrderConfirmation(view, shop, disclosure)
      const notice = renderNewOrderNotice(view, shop.shopName)
      const confirmationKey = `order-confirmation:${view.orderId}`
      const toCustomer = view.isCustomerErased
        ? []
        : [{ dedupeKey: confirmationKey, to: view.customerEmail, ...confirmation }]
      await deps.repository.enqueue(
        [...toCustomer, { dedupeKey: `new-order-notice:${view.orderId}`, to: deps.shopEmail, ...notice }],
        executor,
      )
      const outcome = view.isCustomerErased ? 'no-address' : 'queued'
      await logOrderMail(deps.repository, view.orderId, 'confirmation', confirmationKey, outcome, executor)
    },

    async enqueueOrderUpdate(view: OrderUpdateView, update: OrderUpdate): Promise<OrderMailOutcome> {
      const settings = (await deps.customerMailSettings?.()) ?? DEFAULT_CUSTOMER_MAIL_SETTINGS
      const dedupeKey = orderUpdateKey(view.orderId, update)
      const outcome: OrderMailOutcome = view.isCustomerErased
        ? 'no-address'
        : settings[update.step]
          ? 'queued'
          : 'switched-off'
      if (outcome === 'queued') {
        const mail = renderOrderUpdate(view, update, await deps.brand())
        await deps.repository.enqueue([{ dedupeKey, to: view.customerEmail, ...mail }])
        deps.kick()
      } else {
        deps.log.info({ orderId: view.orderId, step: update.step, outcome }, 'order mail not sent')
      }
      await logOrderMail(deps.repository, view.orderId, update.step, dedupeKey, outcome)
      return outcome
    },

    /** The order's mails for its page in the admin, oldest first. */
    async orderMailHistory(orderId: string): Promise<OrderMailEntry[]> {
      const rows = await deps.repository.orderMailHistory(orderId)
      return rows.map((row) => ({
        step: row.step as OrderMailKind,
        outcome: row.outcome,
        delivery: row.delivery,
        at: row.at.toISOString(),
      }))
    },
  }
}

export async function logOrderMail(
  repository: MailRepository,
  orderId: string,
  step: OrderMailKind,
  dedupeKey: string,
  outcome: OrderMailOutcome,
  executor?: Executor,
): Promise<void> {
  await repository.logOrderMail({ orderId, step, dedupeKey, outcome }, executor)
}
