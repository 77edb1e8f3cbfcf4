import type { ConfirmationLinks } from '../modules/confirmations/confirmations.service.js'
import type { CatalogStock } from '../modules/catalog/index.js'
import { createUnitOfWork } from '../db/unit-of-work.js'
import { createPaymentsRepository } from '../modules/payments/payments.repository.js'
import { createPaymentsService } from '../modules/payments/payments.service.js'
import { createOrdersRepository } from '../modules/orders/orders.repository.js'
import { createOrdersService } from '../modules/orders/orders.service.js'
import { createRefundsRepository } from '../modules/orders/refunds.repository.js'
import { createOrderRefunds } from '../modules/orders/refund-order.js'
import { createOrderTracking } from '../modules/orders/order-tracking.service.js'
import { createOrderTrackingRepository } from '../modules/orders/order-tracking.repository.js'
import { createCouriersService } from '../modules/delivery/couriers.service.js'
import { createCouriersRepository } from '../modules/delivery/couriers.repository.js'
import { createOrderDocuments } from '../modules/orders/order-documents.js'
import { createDrizzleCatalogPerishable } from '../modules/catalog/catalog-perishable.repository.js'
import { createCancellationsRepository } from '../modules/cancellations/cancellations.repository.js'
import { createCancellationsService } from '../modules/cancellations/cancellations.service.js'
import { createCouponsRepository } from '../modules/coupons/coupons.repository.js'
import { createCouponsService } from '../modules/coupons/coupons.service.js'
import type { BaseServices, WiringDeps } from './wire-base.js'

export type OrdersPrices = Parameters<typeof createOrdersService>[0]['prices']

/** Orders, their refunds, documents and cancellations, and the payments that settle them. */
export function createSalesServices(
  { config, database: { db }, log }: WiringDeps,
  base: BaseServices & {
    confirmationLinks: ConfirmationLinks
    requestMarketing: (email: string, clientAddress: string | null) => Promise<void>
  },
  prices: OrdersPrices,
  stock: CatalogStock,
) {
  const { provider, mail, audit, delivery } = base
  const coupons = createCouponsService({ repository: createCouponsRepository(db), audit })
  const orders = createOrdersService({
    repository: createOrdersRepository(db),
    unitOfWork: createUnitOfWork(db),
    prices,
    coupons,
    delivery,
    stock,
    stockSettings: (executor) => base.shopSettings.stockSettings(executor),
    checkoutSettings: () => base.shopSettings.checkoutSettings(),
    provider,
    paymentOptions: () => base.shopSettings.paymentOptions(),
    mail,
    audit,
    config,
    log: log.child({ module: 'orders' }),
    requestMarketing: base.requestMarketing,
  })
  // Refunds, receipts and cancellation notices (issue 18), beside the orders service.
  const refundsRepository = createRefundsRepository(db)
  const refunds = createOrderRefunds({
    mail,
    images: (ids) => prices.findImages(ids),
    publicUrl: config.publicUrl,
    orders: createOrdersRepository(db),
    stock,
    unitOfWork: createUnitOfWork(db),
    refunds: refundsRepository,
    perishable: createDrizzleCatalogPerishable(db),
    provider,
    audit,
    log: log.child({ module: 'refunds' }),
  })
  const documents = createOrderDocuments({
    refunds: refundsRepository,
    provider,
    isEnabled: config.payplus.invoiceModule,
    log: log.child({ module: 'documents' }),
  })
  const cancellations = createCancellationsService({
    repository: createCancellationsRepository(db),
    refunds,
    mail,
    requestConfirmation: (request) => base.confirmationLinks.request(request),
    log: log.child({ module: 'cancellations' }),
  })
  const payments = createPaymentsService({
    provider,
    repository: createPaymentsRepository(db),
    // The receipt's link first, so the order e-mail written on payment carries it.
    onVerifiedCallback: async (notice) => {
      await documents.captureFromCallback(notice)
      return orders.handlePaymentCallback(notice)
    },
    log: log.child({ module: 'payments' }),
  })
  // Couriers and tracking numbers (issue 41): the couriers are delivery's, the numbers the orders'.
  const couriers = createCouriersService({ repository: createCouriersRepository(db), audit })
  const tracking = createOrderTracking({
    repository: createOrderTrackingRepository(db),
    couriers,
    audit,
    unitOfWork: createUnitOfWork(db),
  })
  return { orders, coupons, refunds, documents, cancellations, payments, couriers, tracking }
}
