import crypto from 'node:crypto'
import { findLocality, type GenerateSaleRequest } from '@tavlin/contracts'
import { AppError } from '../../lib/errors.js'
import type { OrdersDeps } from './orders.deps.js'
import type { OrderWithItems } from './orders.repository.js'
import { reserveStock } from './order-stock.step.js'
import type { PricedCart } from './price-cart.step.js'

/** What a repeated Idempotency-Key is compared with: the same key must carry the same order. */
export function requestHashOf(request: GenerateSaleRequest): string {
  return crypto.createHash('sha256').update(JSON.stringify(request)).digest('hex')
}

/**
 * An unpaid order holds its units while its page is open: one e-mail may keep only a few
 * at once (issue 32: a single guest order could hold every unit of a size, renewable).
 */
export async function checkUnpaidOrders(deps: OrdersDeps, email: string): Promise<void> {
  const { orderPaymentTimeoutMinutes, checkoutLimits } = deps.config
  const open = await deps.repository.countOpenUnpaid(email, orderPaymentTimeoutMinutes)
  if (open < checkoutLimits.unpaidPerEmail) return
  throw new AppError('RATE_LIMITED', 'Too many orders of this e-mail are waiting for payment', {
    reason: 'unpaidOrders',
    max: checkoutLimits.unpaidPerEmail,
    minutes: orderPaymentTimeoutMinutes,
  })
}

/**
 * Step 3: the order and its lines, waiting for payment and claimed by this request for
 * its payment page; null when a concurrent request with the same key saved it first. A
 * signed-in shopper's order carries the account's subject (decision 230).
 */
export async function createOrder(
  deps: OrdersDeps,
  request: GenerateSaleRequest,
  cart: PricedCart,
  idempotency: { key: string | undefined; requestHash: string },
  accountSubject: string | null,
): Promise<OrderWithItems | null> {
  const { config } = deps
  const { coupon } = cart
  // Prices are copied onto order lines: a later catalogue edit must not change what the customer was charged.
  // The order and its units commit together: a line short of stock rolls both back (409 OUT_OF_STOCK).
  return deps.unitOfWork.run(async (tx) => {
    const order = await deps.repository.insertWithItems(
      { ...newOrder(deps, request, cart, idempotency), accountSubject },
      linesOf(cart),
      config.paymentPageClaimSeconds,
      tx,
    )
    if (order) await reserveStock(deps, tx, order, cart)
    // The coupon's use is taken with the order, atomically: 50 checkouts racing for a
    // one-use coupon make one order.
    if (order && coupon) {
      await deps.coupons.reserve(tx, {
        couponId: coupon.id,
        orderId: order.id,
        email: request.customer.email,
        onePerCustomer: coupon.onePerCustomer,
      })
    }
    return order
  })
}

function newOrder(
  { config, provider }: OrdersDeps,
  request: GenerateSaleRequest,
  cart: PricedCart,
  idempotency: { key: string | undefined; requestHash: string },
) {
  const { customer } = request
  return {
    status: 'pending_payment',
    statusToken: crypto.randomBytes(24).toString('base64url'),
    idempotencyKey: idempotency.key ?? null,
    requestHash: idempotency.requestHash,
    // The city as the localities list names it, so zones, exports and searches read alike.
    customer: {
      ...customer,
      address: { ...customer.address, city: findLocality(customer.address.city) ?? customer.address.city },
    },
    subtotalAgorot: cart.subtotalAgorot,
    discountAgorot: cart.discountAgorot,
    couponId: cart.coupon?.id ?? null,
    couponCode: cart.coupon?.code ?? null,
    shippingAgorot: cart.shippingAgorot,
    delivery: cart.delivery,
    vatAgorot: cart.vatAgorot,
    vatRate: String(config.vatRate),
    totalAgorot: cart.totalAgorot,
    paymentProvider: provider.name,
    stockHeld: true,
  }
}

function linesOf(cart: PricedCart) {
  return cart.lines.map((line, position) => ({
    position,
    itemId: line.itemId,
    itemType: line.itemType,
    name: line.name,
    size: line.size,
    unitPriceAgorot: line.unitPriceAgorot,
    quantity: line.quantity,
  }))
}
