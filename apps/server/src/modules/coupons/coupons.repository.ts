import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import type { Executor } from '../../db/unit-of-work.js'
import { couponRedemptions, coupons, welcomeCouponSettings } from '../../db/schema/index.js'

export type CouponRow = typeof coupons.$inferSelect
export type NewCoupon = Omit<typeof coupons.$inferInsert, 'id' | 'usedCount' | 'createdAt' | 'updatedAt'>

/** One use of a coupon, held by an order (decision 223). */
export type Reservation = { couponId: string; orderId: string; email: string; onePerCustomer: boolean }

/** The coupons table and the uses orders hold: the only Drizzle code of the module. */
export function createCouponsRepository(db: Database) {
  return {
    list: (): Promise<CouponRow[]> => db.select().from(coupons).orderBy(asc(coupons.code)),

    async findById(id: string): Promise<CouponRow | null> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id))
      return row ?? null
    },

    /** `code` already normalised (upper-case). */
    async findByCode(code: string): Promise<CouponRow | null> {
      const [row] = await db.select().from(coupons).where(eq(coupons.code, code))
      return row ?? null
    },

    /** null when the code is taken. */
    async insert(coupon: NewCoupon): Promise<CouponRow | null> {
      const [row] = await db.insert(coupons).values(coupon).onConflictDoNothing().returning()
      return row ?? null
    },

    /** null when the coupon is gone; throws the unique violation when the code is taken. */
    async update(id: string, coupon: NewCoupon): Promise<CouponRow | null> {
      const [row] = await db
        .update(coupons)
        .set({ ...coupon, updatedAt: sql`now()` })
        .where(eq(coupons.id, id))
        .returning()
      return row ?? null
    },

    /** Whether this customer (e-mail, lower-case) holds a use of the coupon. */
    async usedBy(couponId: string, email: string): Promise<boolean> {
      const [row] = await db
        .select({ orderId: couponRedemptions.orderId })
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.email, email)))
        .limit(1)
      return row !== undefined
    },

    /**
     * Takes one use in the caller's transaction: a conditional update (never read-then-write)
     * that succeeds only while the coupon is active and under its limit, then the order's
     * row, which a unique index refuses for a second use by the same customer.
     */
    async reserve(executor: Executor, use: Reservation): Promise<'ok' | 'used-up' | 'already-used'> {
      const [taken] = await executor
        .update(coupons)
        .set({ usedCount: sql`${coupons.usedCount} + 1` })
        .where(
          and(
            eq(coupons.id, use.couponId),
            eq(coupons.active, true),
            or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit)),
          ),
        )
        .returning({ id: coupons.id })
      if (!taken) return 'used-up'
      const [held] = await executor
        .insert(couponRedemptions)
        .values({
          orderId: use.orderId,
          couponId: use.couponId,
          email: use.email,
          customerKey: use.onePerCustomer ? use.email : null,
        })
        .onConflictDoNothing()
        .returning({ orderId: couponRedemptions.orderId })
      return held ? 'ok' : 'already-used'
    },

    /**
     * A paid order's use checked again, in its transaction (issue 32): over the limit when
     * more uses are held than it allows, reused when another order of the same e-mail holds
     * a once-per-customer coupon (a late payment's use comes back without the unique key).
     */
    async recheck(
      executor: Executor,
      use: { couponId: string; orderId: string; email: string },
    ): Promise<{ code: string; result: 'ok' | 'over-limit' | 'reused' }> {
      const [coupon] = await executor.select().from(coupons).where(eq(coupons.id, use.couponId))
      if (!coupon) return { code: '', result: 'ok' }
      if (coupon.usageLimit !== null && coupon.usedCount > coupon.usageLimit)
        return { code: coupon.code, result: 'over-limit' }
      if (!coupon.onePerCustomer) return { code: coupon.code, result: 'ok' }
      const [other] = await executor
        .select({ orderId: couponRedemptions.orderId })
        .from(couponRedemptions)
        .where(
          and(
            eq(couponRedemptions.couponId, use.couponId),
            eq(couponRedemptions.email, use.email),
            ne(couponRedemptions.orderId, use.orderId),
          ),
        )
        .limit(1)
      return { code: coupon.code, result: other ? 'reused' : 'ok' }
    },
  }
}
export type CouponsRepository = ReturnType<typeof createCouponsRepository>

export type WelcomeSettingsRow = typeof welcomeCouponSettings.$inferSelect

/** The welcome coupon's settings and the personal coupons issued from them. */
export function createWelcomeCouponsRepository(db: Database) {
  return {
    async findSettings(): Promise<WelcomeSettingsRow | null> {
      const [row] = await db
        .select()
        .from(welcomeCouponSettings)
        .where(eq(welcomeCouponSettings.id, 'welcome'))
      return row ?? null
    },

    async saveSettings(settings: Omit<WelcomeSettingsRow, 'id' | 'updatedAt'>): Promise<WelcomeSettingsRow> {
      const [row] = await db
        .insert(welcomeCouponSettings)
        .values({ id: 'welcome', ...settings })
        .onConflictDoUpdate({ target: welcomeCouponSettings.id, set: { ...settings, updatedAt: sql`now()` } })
        .returning()
      return row!
    },

    /** null when this e-mail or its mailbox already received one (the unique `issued_to`, `issued_to_mailbox`). */
    async issue(
      coupon: NewCoupon & { issuedTo: string; issuedToMailbox: string },
    ): Promise<CouponRow | null> {
      const [row] = await db.insert(coupons).values(coupon).onConflictDoNothing().returning()
      return row ?? null
    },
  }
}
export type WelcomeCouponsRepository = ReturnType<typeof createWelcomeCouponsRepository>
