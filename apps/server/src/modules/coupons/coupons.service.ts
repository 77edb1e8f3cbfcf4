import {
  normaliseCouponCode,
  priceOrder,
  shopToday,
  toAgorot,
  toShekels,
  type Coupon,
  type CouponInput,
  type Discount,
  type OrderPricing,
  type PricedLine,
} from '@tavlin/contracts'
import { AppError, notFound } from '../../lib/errors.js'
import { isSameMailbox } from '../../lib/mailbox.js'
import type { Actor, AuditService } from '../audit/index.js'
import type { Executor } from '../../db/unit-of-work.js'
import type { CouponRow, CouponsRepository, NewCoupon, Reservation } from './coupons.repository.js'

export type CouponsDeps = { repository: CouponsRepository; audit: AuditService }

/** A cart as checkout priced it, before any coupon. */
export type CartToDiscount<L extends PricedLine> = {
  lines: readonly L[]
  shippingAgorot: number
  /** The delivery method's free-shipping threshold, if it has one (decision 228). */
  freeShippingAboveAgorot?: number | null
  vatRate: number
  /** The customer's e-mail, when known: a one-per-customer coupon is checked against it. */
  email?: string | undefined
  now?: Date
}

/** A coupon that applies, and the cart's figures with it, all from `priceOrder`. */
export type AppliedCoupon<L extends PricedLine> = {
  coupon: { id: string; code: string; onePerCustomer: boolean; freeShipping: boolean }
  pricing: OrderPricing<L>
}

/** The coupons service: the admin's coupons, a code against a cart, and a use held by an order. */
export function createCouponsService(deps: CouponsDeps) {
  const { repository, audit } = deps
  return {
    async list(): Promise<Coupon[]> {
      return (await repository.list()).map(toCoupon)
    },

    async create(input: CouponInput, actor?: Actor): Promise<Coupon> {
      const row = await repository.insert(toRow(input))
      if (!row) throw codeTaken()
      await audit.record(actor, {
        action: 'create',
        entityType: 'coupon',
        entityId: row.id,
        summary: row.code,
      })
      return toCoupon(row)
    },

    async update(id: string, input: CouponInput, actor?: Actor): Promise<Coupon> {
      const other = await repository.findByCode(normaliseCouponCode(input.code))
      if (other && other.id !== id) throw codeTaken()
      const row = await repository.update(id, toRow(input))
      if (!row) throw notFound('Coupon')
      await audit.record(actor, { action: 'update', entityType: 'coupon', entityId: id, summary: row.code })
      return toCoupon(row)
    },

    apply: <L extends PricedLine>(code: string, cart: CartToDiscount<L>) => apply(repository, code, cart),

    /**
     * Holds one use for `use.orderId` inside the order's transaction; throws (so the order
     * is rolled back with it) when the coupon was used up or this customer used it meanwhile.
     */
    /** A paid order's coupon use, checked again in the payment's transaction (issue 32). */
    recheck: (executor: Executor, use: { couponId: string; orderId: string; email: string }) =>
      repository.recheck(executor, { ...use, email: use.email.toLowerCase() }),

    async reserve(executor: Executor, use: Reservation): Promise<void> {
      const result = await repository.reserve(executor, { ...use, email: use.email.toLowerCase() })
      if (result === 'used-up') throw couponError('COUPON_USED_UP')
      if (result === 'already-used') throw couponError('COUPON_ALREADY_USED')
    },
  }
}
export type CouponsService = ReturnType<typeof createCouponsService>

/**
 * A code against a cart: the precise reason it does not apply (an inactive coupon is
 * unknown to customers), or the cart priced with it.
 */
async function apply<L extends PricedLine>(
  repository: CouponsRepository,
  code: string,
  cart: CartToDiscount<L>,
): Promise<AppliedCoupon<L>> {
  const row = await repository.findByCode(normaliseCouponCode(code))
  if (!row || !row.active) throw couponError('COUPON_UNKNOWN')
  const today = shopToday(cart.now ?? new Date())
  if (row.startsOn && today < row.startsOn) throw couponError('COUPON_NOT_YET_VALID')
  if (row.endsOn && today > row.endsOn) throw couponError('COUPON_EXPIRED')
  // A personal (welcome) coupon goes with its mailbox: any alias of it, no other address.
  // Without an e-mail (the cart's check before checkout) it is not judged yet; checkout sends one.
  if (row.issuedTo && cart.email && !isSameMailbox(row.issuedTo, cart.email)) {
    throw couponError('COUPON_OTHER_EMAIL')
  }
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) throw couponError('COUPON_USED_UP')
  if (row.onePerCustomer && cart.email && (await repository.usedBy(row.id, cart.email.toLowerCase()))) {
    throw couponError('COUPON_ALREADY_USED')
  }
  const pricing = priceOrder({
    lines: cart.lines,
    shippingAgorot: cart.shippingAgorot,
    freeShippingAboveAgorot: cart.freeShippingAboveAgorot ?? null,
    discount: discountOf(row),
    vatRate: cart.vatRate,
  })
  if (row.minimumAgorot !== null && pricing.subtotalAgorot < row.minimumAgorot) {
    throw couponError('COUPON_MINIMUM_NOT_REACHED', { minimumOrder: toShekels(row.minimumAgorot) })
  }
  // A coupon for other categories, or one that would leave nothing to charge (PayPlus takes no ₪0 payment).
  if ((row.categories.length > 0 && pricing.eligibleSubtotalAgorot === 0) || pricing.totalAgorot === 0) {
    throw couponError('COUPON_NOT_APPLICABLE')
  }
  const { id, onePerCustomer, freeShipping } = row
  return { coupon: { id, code: row.code, onePerCustomer, freeShipping }, pricing }
}

function discountOf(row: CouponRow): Discount {
  return { kind: row.kind, value: row.value, freeShipping: row.freeShipping, categories: row.categories }
}

type CouponErrorCode =
  | 'COUPON_UNKNOWN'
  | 'COUPON_EXPIRED'
  | 'COUPON_NOT_YET_VALID'
  | 'COUPON_MINIMUM_NOT_REACHED'
  | 'COUPON_USED_UP'
  | 'COUPON_ALREADY_USED'
  | 'COUPON_NOT_APPLICABLE'
  | 'COUPON_OTHER_EMAIL'

function couponError(code: CouponErrorCode, details?: unknown): AppError {
  return new AppError(code, `The coupon does not apply: ${code}`, details)
}

function codeTaken(): AppError {
  return new AppError('COUPON_CODE_TAKEN', 'Another coupon has this code')
}

function toRow(input: CouponInput): NewCoupon {
  return {
    code: normaliseCouponCode(input.code),
    kind: input.kind,
    value: input.kind === 'percent' ? input.value : toAgorot(input.value),
    minimumAgorot: input.minimumOrder === null ? null : toAgorot(input.minimumOrder),
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    usageLimit: input.usageLimit,
    onePerCustomer: input.onePerCustomer,
    freeShipping: input.freeShipping,
    categories: input.categories,
    active: input.active,
  }
}

function toCoupon(row: CouponRow): Coupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? row.value : toShekels(row.value),
    minimumOrder: row.minimumAgorot === null ? null : toShekels(row.minimumAgorot),
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    usageLimit: row.usageLimit,
    onePerCustomer: row.onePerCustomer,
    freeShipping: row.freeShipping,
    categories: row.categories,
    active: row.active,
    usedCount: row.usedCount,
    createdAt: row.createdAt.toISOString(),
  }
}
