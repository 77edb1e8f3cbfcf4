import { and, eq, inArray, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm'
import { OPEN_ORDER_STATUSES, type OrderStatus } from '@tavlin/contracts'
import type { Executor } from './unit-of-work.js'
import { couponRedemptions, orders } from './schema/index.js'

/**
 * How an order's personal data is masked (decision 201), shared by the privacy module's
 * erasures and the orders module's status changes, so there is one rule for what a masked
 * order keeps: amounts, number and lines stay; the customer's name, e-mail, phone and
 * address and the card holder's name go. A coupon's use keeps its order and count (the
 * accounts need them), not the address. Returns the masked orders' ids.
 */
export async function maskOrders(tx: Executor, which: SQL): Promise<string[]> {
  const masked = await tx
    .update(orders)
    .set({
      customer: sql`jsonb_build_object('firstName', 'נמחק', 'lastName', '', 'email', 'erased-' || ${orders.id} || '@invalid', 'phone', '', 'address', jsonb_build_object('street', '', 'streetNum', '', 'city', ''))`,
      payment: sql`case when ${orders.payment} is null then null else jsonb_set(${orders.payment}, '{cardHolderName}', '"***"') end`,
      personalDataErasedAt: sql`coalesce(${orders.personalDataErasedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(which)
    .returning({ id: orders.id })
  const ids = masked.map((row) => row.id)
  if (ids.length > 0)
    await tx.update(couponRedemptions).set(maskedCouponUse).where(inArray(couponRedemptions.orderId, ids))
  return ids
}

/** A coupon use's masked values: its order and count stay for the accounts. */
export const maskedCouponUse = {
  email: sql`'erased-' || ${couponRedemptions.orderId} || '@invalid'`,
  customerKey: null,
}

/** The orders of a shopper account, and the guest orders of its confirmed e-mail (decision 230). */
export function ordersOfShopper(who: { subject: string; confirmedEmail: string | null }): SQL {
  return or(
    eq(orders.accountSubject, who.subject),
    who.confirmedEmail === null
      ? undefined
      : and(isNull(orders.accountSubject), sql`lower(${orders.customer}->>'email') = ${who.confirmedEmail}`),
  )!
}

export const isOpenOrder = (): SQL => inArray(orders.status, [...OPEN_ORDER_STATUSES])

/**
 * A deleted account's orders (decision 254): those the shop has finished with are masked now;
 * open ones keep what delivery needs and are marked, to be masked when they close.
 */
export async function eraseShopperOrders(
  tx: Executor,
  which: SQL,
): Promise<{ masked: string[]; kept: number }> {
  const masked = await maskOrders(tx, and(which, notInArray(orders.status, [...OPEN_ORDER_STATUSES]))!)
  const kept = await tx
    .update(orders)
    .set({ erasureRequestedAt: sql`coalesce(${orders.erasureRequestedAt}, now())` })
    .where(and(which, isOpenOrder(), isNull(orders.personalDataErasedAt)))
    .returning({ id: orders.id })
  return { masked, kept: kept.length }
}

/**
 * An order moved to `status`, in the caller's transaction: once closed, an order whose shopper
 * deleted their account meanwhile is masked now (decision 254). True when it was.
 */
export async function maskIfErasureDue(tx: Executor, orderId: string, status: OrderStatus): Promise<boolean> {
  if (OPEN_ORDER_STATUSES.includes(status)) return false
  const masked = await maskOrders(
    tx,
    and(eq(orders.id, orderId), isNotNull(orders.erasureRequestedAt), isNull(orders.personalDataErasedAt))!,
  )
  return masked.length > 0
}
