import {
  normaliseMobilePhone,
  type AdminOrderListQuery,
  type CouponCheckRequest,
  type GenerateSaleRequest,
  type GenerateSaleResponse,
  type OrderStatus,
} from '@tavlin/contracts'
import { AppError, invalidField } from '../../lib/errors.js'
import type { Actor } from '../audit/index.js'
import type { CallbackNotice } from '../payments/index.js'
import {
  claimGuestOrders,
  countOpenAccountOrders,
  getAccountOrder,
  listAccountOrders,
} from './account-orders.step.js'
import { checkUnpaidOrders, createOrder, requestHashOf } from './create-order.step.js'
import { changeStatus, getOrder, listOrders } from './manage-orders.step.js'
import { openPageForRequest } from './open-payment.step.js'
import { getStatus, getThankYou } from './order-status.step.js'
import { resolveReturn, type ReturnKind } from './payment-return.step.js'
import type { OrdersDeps } from './orders.deps.js'
import { handlePaymentCallback } from './payment-callback.step.js'
import { checkClientTotal, checkCoupon, priceCart } from './price-cart.step.js'
import { reconcilePayments } from './reconcile-payments.step.js'
import { replayOrder } from './replay-order.step.js'

export type { OrdersDeps } from './orders.deps.js'

/**
 * The orders service: checkout, payment, the customer's pages and the admin's, each a
 * named step in its own file (decision 180). A new flow (a refund, a cancellation) is a
 * new step composed here.
 */
export function createOrdersService(deps: OrdersDeps) {
  return {
    /** `accountSubject`: the signed-in shopper the order belongs to; undefined for a guest. */
    generateSale: (
      request: GenerateSaleRequest,
      idempotencyKey: string | undefined,
      accountSubject?: string | undefined,
      clientAddress: string | null = null,
    ) =>
      checkout(deps, request, idempotencyKey, accountSubject ?? null).then(async (sale) => {
        // After the order is in: a failed checkout asks nobody's mailbox anything.
        if (request.marketingConsent) await askForConsent(deps, request.customer.email, clientAddress)
        return sale
      }),
    checkCoupon: (request: CouponCheckRequest) => checkCoupon(deps, request),
    getStatus: (id: string, token: string) => getStatus(deps, id, token),
    getThankYou: (orderId: string, transactionUid: string) => getThankYou(deps, orderId, transactionUid),
    /** PayPlus's return (GET or POST, full, partial or empty) as the page's clean address. */
    resolveReturn: (kind: ReturnKind, params: URLSearchParams) => resolveReturn(deps, kind, params),
    handlePaymentCallback: (notice: CallbackNotice) => handlePaymentCallback(deps, notice),
    reconcile: (now?: Date) => reconcilePayments(deps, now),
    listOrders: (query: AdminOrderListQuery) => listOrders(deps, query),
    getOrder: (id: string) => getOrder(deps, id),
    changeStatus: (id: string, to: OrderStatus, actor?: Actor) => changeStatus(deps, id, to, actor),
    listAccountOrders: (subject: string, query: { page: number; limit: number }) =>
      listAccountOrders(deps, subject, query),
    getAccountOrder: (subject: string, orderId: string) => getAccountOrder(deps, subject, orderId),
    claimGuestOrders: (subject: string, confirmedEmail: string) =>
      claimGuestOrders(deps, subject, confirmedEmail),
    countOpenAccountOrders: (who: { subject: string; confirmedEmail: string | null }) =>
      countOpenAccountOrders(deps, who),
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>

/**
 * Checkout from top to bottom: a repeated Idempotency-Key replays its order; otherwise
 * price the cart, check the customer's total, create the order, open its payment page.
 */
async function checkout(
  deps: OrdersDeps,
  request: GenerateSaleRequest,
  idempotencyKey: string | undefined,
  accountSubject: string | null,
): Promise<GenerateSaleResponse> {
  const requestHash = requestHashOf(request)
  if (idempotencyKey) {
    const existing = await deps.repository.findByIdempotencyKey(idempotencyKey)
    if (existing) return replayOrder(deps, existing, requestHash)
  }
  await checkPhoneRule(deps, request.customer.phone)
  await checkUnpaidOrders(deps, request.customer.email)
  const option = await deps.delivery.quote({
    methodId: request.deliveryMethodId,
    city: request.customer.address.city,
  })
  const shipping = { option, vatRate: deps.config.vatRate }
  const cart = await priceCart(deps, { ...request, email: request.customer.email }, shipping)
  checkClientTotal(request, cart)
  const order = await createOrder(deps, request, cart, { key: idempotencyKey, requestHash }, accountSubject)
  if (!order) {
    // A concurrent request with the same key won the insert.
    const existing = await deps.repository.findByIdempotencyKey(idempotencyKey!)
    if (!existing) throw new AppError('CONFLICT', 'Order could not be created')
    return replayOrder(deps, existing, requestHash)
  }
  return openPageForRequest(deps, order)
}

/** The consent box's link; its failure (a mail outbox hiccup) must not fail the order the shopper sees. */
async function askForConsent(deps: OrdersDeps, email: string, clientAddress: string | null) {
  try {
    await deps.requestMarketing?.(email, clientAddress)
  } catch (error) {
    deps.log.warn({ err: error }, 'checkout: the marketing consent link could not be requested')
  }
}

/**
 * The owner's phone rule (decision 253): the contract takes any phone of ten characters;
 * a shop whose couriers text the customer takes an Israeli mobile only. Checked after a
 * replay, so an order placed before the owner changed the rule is still answered.
 */
async function checkPhoneRule(deps: OrdersDeps, phone: string): Promise<void> {
  const { mobilePhoneOnly } = await deps.checkoutSettings()
  if (mobilePhoneOnly && normaliseMobilePhone(phone) === null)
    throw invalidField('body.customer.phone', 'validation.phoneMobile')
}
