import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * The mailing list (issue 18): one row per address that agreed to marketing mail, with
 * when, where and to which wording. A withdrawn consent keeps its row (proof of when it
 * ended) and is off the list; agreeing again re-opens it.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** newsletter, early-adapter or account (a shopper's own page, decision 230) */
    source: text('source').notNull(),
    wording: text('wording').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
    /** The secret of the unsubscribe link in every marketing message. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /**
     * Double opt-in (decision 237): when and from which client address the form was sent;
     * `consentedAt` and `consentAddress` are the confirmation's. Null for consents from
     * before it, and for a signed-in shopper's own page (one step).
     */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    requestAddress: text('request_address'),
    consentAddress: text('consent_address'),
  },
  (t) => [
    uniqueIndex('marketing_consents_email_idx').on(t.email),
    uniqueIndex('marketing_consents_token_idx').on(t.unsubscribeToken),
  ],
)

/**
 * Requests to erase a person's data, sent from the privacy page and handled by the admin.
 * Since decision 237 a row is written only when the address's owner confirms the e-mailed
 * link (`confirmationId`, both steps' times and addresses); rows from before have none and
 * cannot be acted on.
 */
export const dataDeletionRequests = pgTable(
  'data_deletion_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    confirmationId: uuid('confirmation_id'),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    requestAddress: text('request_address'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmAddress: text('confirm_address'),
  },
  (t) => [
    index('data_deletion_requests_created_idx').on(t.createdAt.desc(), t.id),
    uniqueIndex('data_deletion_requests_confirmation_idx').on(t.confirmationId),
  ],
)
