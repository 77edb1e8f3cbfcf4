import { AppError } from '../../lib/errors.js'
import type { AppConfig } from '../../config/env.js'
import type { CheckoutSettings, PaymentOptions, StockSettings } from '@tavlin/contracts'
import type { Executor, UnitOfWork } from '../../db/unit-of-work.js'
import type { Logger } from '../../lib/logger.js'
import type { AuditService } from '../audit/index.js'
import type { CatalogStock } from '../catalog/index.js'
import type { MailService } from '../mail/index.js'
import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderTransaction,
  type TransactionRef,
} from '../payments/index.js'
import type { CouponsService } from '../coupons/index.js'
import type { DeliveryQuote, PriceLookUp } from './price-cart.step.js'
import type { OrdersRepository } from './orders.repository.js'

/**
 * What every step of the orders service is given (decision 180). Other modules come in as
 * their services; `unitOfWork` opens the transactions that span them (decision 181).
 */
export type OrdersDeps = {
  repository: OrdersRepository
  prices: PriceLookUp
  /** A code against a cart, and a use held in the order's own transaction. */
  coupons: Pick<CouponsService, 'apply' | 'reserve' | 'recheck'>
  /** The delivery method chosen for the address: its fee and threshold, priced again here. */
  delivery: DeliveryQuote
  /** The catalogue's stock counts: reserved with an order, given back when it ends unpaid. */
  stock: CatalogStock
  /** The owner's low-stock threshold and whether to e-mail at it (decision 229), read in the order's transaction. */
  stockSettings: (executor?: Executor) => Promise<StockSettings>
  /** The owner's checkout phone rule (decision 253): a mobile only when couriers text the customer. */
  checkoutSettings: () => Promise<CheckoutSettings>
  provider: PaymentProvider
  /** The methods and installments the owner offers, sent with every payment link (issue 32). */
  paymentOptions: () => Promise<PaymentOptions>
  mail: MailService
  audit: AuditService
  unitOfWork: UnitOfWork
  config: AppConfig
  log: Logger
  /**
   * The checkout's marketing box (issue 36): asks the address to confirm joining the mailing
   * list (privacy's double opt-in, decision 237); nothing is recorded until it does.
   */
  requestMarketing?: (email: string, clientAddress: string | null) => Promise<void>
}

export function providerError(): AppError {
  return new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider is not available; please try again')
}

/** The provider's own word on a transaction; its being unreachable is a 502 for whoever asked. */
export async function lookUpTransaction(
  deps: OrdersDeps,
  ref: TransactionRef,
): Promise<ProviderTransaction | null> {
  try {
    return await deps.provider.lookUpTransaction(ref)
  } catch (error) {
    if (error instanceof PaymentProviderError) throw providerError()
    throw error
  }
}
