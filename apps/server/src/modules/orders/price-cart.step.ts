import {
  orderDeliveryOf,
  priceOrder,
  toAgorot,
  toShekels,
  type CouponCheckRequest,
  type CouponCheckResponse,
  type DeliveryOption,
  type GenerateSaleRequest,
  type OrderDelivery,
  type OrderPricing,
  type PriceChangedDetails,
} from '@tavlin/contracts'
import type { AppConfig } from '../../config/env.js'
import { AppError } from '../../lib/errors.js'
import type { CatalogPrices, PriceFound } from '../catalog/index.js'
import type { CouponsService } from '../coupons/index.js'
import type { DeliveryService } from '../delivery/index.js'

/** The catalogue's price look-up: the one place the orders module reaches the catalogue. */
export type PriceLookUp = CatalogPrices
export type PricedLine = PriceFound & { quantity: number }
/** The cart's figures, and the coupon they include, if any. */
export type PricedCart = OrderPricing<PricedLine> & {
  coupon: { id: string; code: string; onePerCustomer: boolean; freeShipping: boolean } | null
  /** The delivery method the order goes with, as it is now. */
  delivery: OrderDelivery
}
/** What checkout needs of the coupons module: a code against a cart. */
export type CouponCheck = Pick<CouponsService, 'apply'>
/** What checkout needs of the delivery module: the option chosen for the address's city. */
export type DeliveryQuote = Pick<DeliveryService, 'quote' | 'estimate'>

/** The cart's lines and the coupon the customer applied (checkout, and the coupon check). */
type CartRequest = Pick<GenerateSaleRequest, 'orderItems' | 'couponCode'> & { email?: string | undefined }

/** The client may show a total at most this far (in agorot) from ours: 0.01 ₪. */
const TOTAL_TOLERANCE_AGOROT = 1

/**
 * Step 1: the cart at today's catalogue prices. Every figure comes from `priceOrder`
 * (decision 130); an unknown item or size is a 400 naming the line.
 */
export async function priceCart(
  sources: { prices: PriceLookUp; coupons: CouponCheck },
  request: CartRequest,
  shipping: { option: DeliveryOption; vatRate: number },
): Promise<PricedCart> {
  const { prices, coupons } = sources
  const found = await prices.findPrices(request.orderItems)
  const details = found.flatMap((price, index) =>
    'missing' in price
      ? [
          {
            field: price.missing === 'item' ? `orderItems.${index}.itemId` : `orderItems.${index}.size`,
            message: price.missing === 'item' ? 'validation.itemNotFound' : 'validation.sizeNotFound',
          },
        ]
      : [],
  )
  if (details.length > 0) throw new AppError('VALIDATION_ERROR', 'Unknown item or size in the order', details)
  const lines = found.map((price, index) => {
    const priced = price as PriceFound
    return { ...priced, quantity: request.orderItems[index]!.quantity }
  })
  const { option, vatRate } = shipping
  const delivery = orderDeliveryOf(option)
  const cart = {
    lines,
    shippingAgorot: option.feeAgorot,
    freeShippingAboveAgorot: option.freeAboveAgorot,
    vatRate,
  }
  if (!request.couponCode) return { ...priceOrder(cart), coupon: null, delivery }
  // The coupon is checked again and its discount computed again: the browser's figure is never trusted.
  const applied = await coupons.apply(request.couponCode, { ...cart, email: request.email })
  return { ...applied.pricing, coupon: applied.coupon, delivery }
}

/** Step 2: the total the customer saw must be ours, or they are shown the new prices (409). */
export function checkClientTotal(request: GenerateSaleRequest, cart: PricedCart): void {
  if (Math.abs(toAgorot(request.totalPrice) - cart.totalAgorot) <= TOTAL_TOLERANCE_AGOROT) return
  const details: PriceChangedDetails = {
    orderItems: cart.lines.map((line) => ({
      itemId: line.itemId,
      itemType: line.itemType,
      size: line.size,
      price: toShekels(line.unitPriceAgorot),
    })),
    subtotal: toShekels(cart.subtotalAgorot),
    discount: toShekels(cart.discountAgorot),
    shippingFee: toShekels(cart.shippingAgorot),
    totalPrice: toShekels(cart.totalAgorot),
  }
  throw new AppError('PRICE_CHANGED', 'Prices have changed', details)
}

/** POST /coupons/check: the cart priced with the code, or the precise reason it does not apply. */
export async function checkCoupon(
  deps: {
    prices: PriceLookUp
    coupons: CouponCheck
    delivery: DeliveryQuote
    config: Pick<AppConfig, 'vatRate'>
  },
  request: CouponCheckRequest,
): Promise<CouponCheckResponse> {
  const option = await deps.delivery.estimate({ methodId: request.deliveryMethodId, city: request.city })
  const shipping = { option, vatRate: deps.config.vatRate }
  const cart = await priceCart(deps, { ...request, couponCode: request.code }, shipping)
  return {
    code: cart.coupon!.code,
    discount: toShekels(cart.discountAgorot),
    freeShipping: cart.coupon!.freeShipping,
    subtotal: toShekels(cart.subtotalAgorot),
    shippingFee: toShekels(cart.shippingAgorot),
    vat: toShekels(cart.vatAgorot),
    totalPrice: toShekels(cart.totalAgorot),
  }
}
