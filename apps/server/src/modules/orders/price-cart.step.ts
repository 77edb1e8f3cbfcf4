import {
  priceOrder,
  toAgorot,
  toShekels,
  type GenerateSaleRequest,
  type OrderPricing,
  type PriceChangedDetails,
} from '@tavlin/contracts'
import type { AppConfig } from '../../config/env.js'
import { AppError } from '../../lib/errors.js'
import type { CatalogPrices, PriceFound } from '../catalog/index.js'

/** The catalogue's price look-up: the one place the orders module reaches the catalogue. */
export type PriceLookUp = CatalogPrices
export type PricedLine = PriceFound & { quantity: number }
export type PricedCart = OrderPricing<PricedLine>

/** The client may show a total at most this far (in agorot) from ours: 0.01 ₪. */
const TOTAL_TOLERANCE_AGOROT = 1

/**
 * Step 1: the cart at today's catalogue prices. Every figure comes from `priceOrder`
 * (decision 130); an unknown item or size is a 400 naming the line.
 */
export async function priceCart(
  prices: PriceLookUp,
  request: GenerateSaleRequest,
  config: Pick<AppConfig, 'shippingFeeAgorot' | 'vatRate'>,
): Promise<PricedCart> {
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
  return priceOrder({ lines, shippingAgorot: config.shippingFeeAgorot, vatRate: config.vatRate })
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
    shippingFee: toShekels(cart.shippingAgorot),
    totalPrice: toShekels(cart.totalAgorot),
  }
  throw new AppError('PRICE_CHANGED', 'Prices have changed', details)
}
