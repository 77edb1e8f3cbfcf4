import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import type { Executor } from '../../db/unit-of-work.js'
import { eraseShopperOrders, maskOrders, maskedCouponUse, ordersOfShopper } from '../../db/personal-data.js'
import {
  cartReminders,
  contactMessages,
  couponRedemptions,
  coupons,
  dataDeletionRequests,
  earlyAdopters,
  emailConfirmations,
  eventInquiries,
  mailOutbox,
  marketingConsents,
  newsletterSubscribers,
  orders,
  stockAlerts,
  reviews,
} from '../../db/schema/index.js'

export type ConsentRow = typeof marketingConsents.$inferSelect
export type DeletionRequestRow = typeof dataDeletionRequests.$inferSelect

const sameEmail = (column: Parameters<typeof sql>[1], email: string) => sql`lower(${column}) = ${email}`
const ordersOf = (email: string) => sql`lower(${orders.customer}->>'email') = ${email}`

/**
 * Consent and erasure (issue 18). Erasure reaches into the forms', orders' and mail
 * tables on purpose: a person's data goes in one transaction or not at all (decision 201).
 */
export function createPrivacyRepository(db: Database) {
  return {
    /**
     * Agreeing again re-opens a withdrawn consent with the new time, wording and proof; the
     * token stays. `consentedAt` is the confirmation's time (decision 237).
     */
    async grant(values: {
      email: string
      source: string
      wording: string
      unsubscribeToken: string
      consentedAt: Date
      requestedAt: Date | null
      requestAddress: string | null
      consentAddress: string | null
    }) {
      const { email: _email, unsubscribeToken: _token, ...renewed } = values
      await db
        .insert(marketingConsents)
        .values(values)
        .onConflictDoUpdate({ target: marketingConsents.email, set: { ...renewed, withdrawnAt: null } })
    },

    async findConsent(email: string): Promise<ConsentRow | undefined> {
      const [row] = await db.select().from(marketingConsents).where(eq(marketingConsents.email, email))
      return row
    },

    /** Ends the address's consent (kept as proof of when); false when it had none still on. */
    async withdrawByEmail(email: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .update(marketingConsents)
        .set({ withdrawnAt: sql`now()` })
        .where(and(eq(marketingConsents.email, email), isNull(marketingConsents.withdrawnAt)))
        .returning({ id: marketingConsents.id })
      return rows.length > 0
    },

    /** The address whose consent the token ended, or undefined for an unknown token. */
    async withdraw(token: string): Promise<ConsentRow | undefined> {
      const [row] = await db
        .update(marketingConsents)
        .set({ withdrawnAt: sql`coalesce(${marketingConsents.withdrawnAt}, now())` })
        .where(eq(marketingConsents.unsubscribeToken, token))
        .returning()
      return row
    },

    async activeConsents(): Promise<ConsentRow[]> {
      return db
        .select()
        .from(marketingConsents)
        .where(isNull(marketingConsents.withdrawnAt))
        .orderBy(desc(marketingConsents.consentedAt))
    },

    ...deletionRequestRows(db),

    /** Deletes the form submissions and the consent, masks the orders' personal fields (amounts stay). */
    erase: (requestId: string, email: string) => eraseEverywhere(db, requestId, email),

    /**
     * A deleted shopper account (decisions 230, 254), in the caller's transaction: the orders of
     * the account, and the guest orders of its confirmed e-mail, masked as an erasure masks them;
     * open ones keep their delivery details until they close.
     */
    eraseAccountOrders: (tx: Executor, who: { subject: string; confirmedEmail: string | null }) =>
      eraseShopperOrders(tx, ordersOfShopper(who)),

    /** A deleted account's back-in-stock alerts: those it asked for, and those of its confirmed e-mail. */
    async deleteStockAlerts(tx: Executor, who: { subject: string; confirmedEmail: string | null }) {
      await tx
        .delete(stockAlerts)
        .where(
          or(
            eq(stockAlerts.subject, who.subject),
            who.confirmedEmail === null ? undefined : eq(stockAlerts.email, who.confirmedEmail),
          ),
        )
    },

    /** A deleted account's reviews (decision 280): the account's, and its confirmed e-mail's guest ones. */
    async eraseAccountReviews(tx: Executor, who: { subject: string; confirmedEmail: string | null }) {
      const byEmail = who.confirmedEmail ? eq(reviews.email, who.confirmedEmail) : undefined
      await tx.delete(reviews).where(or(eq(reviews.accountSubject, who.subject), byEmail))
    },
  }
}
export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>

/** The deletion requests' rows (decision 237: each written when its address confirmed it). */
function deletionRequestRows(db: Database) {
  return {
    /** A confirmed request, once per confirmation (two clicks at once file one). */
    async insertDeletionRequest(values: {
      email: string
      message: string | null
      confirmationId: string
      requestedAt: Date
      requestAddress: string | null
      confirmedAt: Date
      confirmAddress: string | null
    }) {
      await db
        .insert(dataDeletionRequests)
        .values({ ...values, createdAt: values.confirmedAt })
        .onConflictDoNothing({ target: dataDeletionRequests.confirmationId })
    },

    async deletionRequests(page: { limit: number; offset: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(dataDeletionRequests)
          .orderBy(desc(dataDeletionRequests.createdAt), desc(dataDeletionRequests.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ value: count() }).from(dataDeletionRequests),
      ])
      return { rows, total: total?.value ?? 0 }
    },

    async findDeletionRequest(id: string): Promise<DeletionRequestRow | undefined> {
      const [row] = await db.select().from(dataDeletionRequests).where(eq(dataDeletionRequests.id, id))
      return row
    },
  }
}

async function eraseEverywhere(
  db: Database,
  requestId: string,
  email: string,
): Promise<{ submissionsErased: number; ordersMasked: number }> {
  return db.transaction(async (tx) => {
    const deleted = await Promise.all([
      tx
        .delete(newsletterSubscribers)
        .where(sameEmail(newsletterSubscribers.email, email))
        .returning({ id: newsletterSubscribers.id }),
      tx
        .delete(earlyAdopters)
        .where(sameEmail(earlyAdopters.email, email))
        .returning({ id: earlyAdopters.id }),
      tx
        .delete(eventInquiries)
        .where(sameEmail(eventInquiries.email, email))
        .returning({ id: eventInquiries.id }),
      tx
        .delete(contactMessages)
        .where(sameEmail(contactMessages.email, email))
        .returning({ id: contactMessages.id }),
    ])
    await tx.delete(marketingConsents).where(eq(marketingConsents.email, email))
    // Back-in-stock alerts waiting for the address (decision 277).
    await tx.delete(stockAlerts).where(eq(stockAlerts.email, email))
    // The reminders of checkouts this address left (decision 282) name it too.
    await tx.delete(cartReminders).where(eq(cartReminders.email, email))
    // Reviews carry the buyer's name and words (issue 36, decision 280): they go with the rest.
    await tx.delete(reviews).where(eq(reviews.email, email.toLowerCase()))
    await tx.delete(mailOutbox).where(and(sameEmail(mailOutbox.to, email), eq(mailOutbox.status, 'sent')))
    const masked = await maskOrders(tx, ordersOf(email))
    // Uses recorded under the address on orders that no longer carry it are masked too.
    await tx.update(couponRedemptions).set(maskedCouponUse).where(sameEmail(couponRedemptions.email, email))
    // A welcome coupon forgets whom it was issued to, and is switched off: bound to nobody,
    // it would be anyone's (decision 239).
    await tx
      .update(coupons)
      .set({ issuedTo: null, issuedToMailbox: null, active: false })
      .where(sameEmail(coupons.issuedTo, email))
    // What waited for this address's confirmation (decision 237) goes too.
    await tx.delete(emailConfirmations).where(eq(emailConfirmations.email, email))
    await tx
      .update(dataDeletionRequests)
      .set({ erasedAt: sql`now()` })
      .where(eq(dataDeletionRequests.id, requestId))
    return {
      submissionsErased: deleted.reduce((sum, rows) => sum + rows.length, 0),
      ordersMasked: masked.length,
    }
  })
}
