import type { Executor } from '../../db/unit-of-work.js'
import type { MailRepository } from './mail.repository.js'
import type { ShopBrand } from './shop-mail.layout.js'
import {
  STOCK_ALERT_MAIL_KEY_PREFIX,
  renderStockAlert,
  type StockAlertMailView,
} from './stock-alert.template.js'
import {
  CART_REMINDER_MAIL_KEY_PREFIX,
  renderCartReminder,
  type CartReminderMailView,
} from './cart-reminder.template.js'

/**
 * Mails a shopper asked for or agreed to outside an order (issue 36), each queued in the
 * transaction of the row that makes it once; the caller starts delivery after the commit.
 */
export function createShopperNotices(
  repository: MailRepository,
  brand: (executor?: Executor) => Promise<ShopBrand>,
) {
  return {
    /**
     * A back-in-stock alert's one mail (decision 277), in the transaction that deletes the
     * alert: `alertId` makes it one per alert. Call `deliverCommitted` after the commit.
     */
    async enqueueStockAlert(alertId: string, view: StockAlertMailView, executor: Executor): Promise<void> {
      const mail = renderStockAlert(view, await brand(executor))
      await repository.enqueue(
        [{ dedupeKey: `${STOCK_ALERT_MAIL_KEY_PREFIX}${alertId}`, to: view.email, ...mail }],
        executor,
      )
    },

    /**
     * A checkout left half-way (decision 282), in the reminder's transaction: one per order
     * (`orderId`); wiped from the outbox once sent, like the other single-use links.
     */
    async enqueueCartReminder(
      orderId: string,
      view: CartReminderMailView,
      executor: Executor,
    ): Promise<void> {
      const mail = renderCartReminder(view, await brand(executor))
      await repository.enqueue(
        [{ dedupeKey: `${CART_REMINDER_MAIL_KEY_PREFIX}${orderId}`, to: view.email, ...mail }],
        executor,
      )
    },
  }
}
