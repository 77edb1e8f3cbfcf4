import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * What waits for a mailbox's confirmation (issue 33, decision 237): marketing consent, a
 * deletion request, a cancellation notice. The link carries the row's id, a random secret
 * whose SHA-256 is `secret_hash` (the secret itself is only in the mail) and an HMAC over
 * both; it works once (`confirmed_at`) until `expires_at`. Both steps keep their time and
 * client address, copied to what the confirmation records.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', {
      enum: ['newsletter', 'early-adapter', 'deletion', 'cancellation', 'stock-alert'],
    }).notNull(),
    /** Lower-cased: where the link was sent. */
    email: text('email').notNull(),
    /** lib/mailbox.ts's form of `email`: the sending limit counts per mailbox, aliases together. */
    mailbox: text('mailbox').notNull(),
    /** What the confirmation then does (purpose's own fields). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    secretHash: text('secret_hash').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    requestAddress: text('request_address'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmAddress: text('confirm_address'),
  },
  (t) => [
    index('email_confirmations_mailbox_idx').on(t.mailbox, t.requestedAt),
    index('email_confirmations_email_idx').on(t.email),
    index('email_confirmations_expires_idx').on(t.expiresAt),
    check(
      'email_confirmations_purpose_check',
      sql`${t.purpose} in ('newsletter', 'early-adapter', 'deletion', 'cancellation', 'stock-alert')`,
    ),
  ],
)

/** The HMAC key of the confirmation links when LINK_SECRET is not set: made on first use, shared by every process. */
export const confirmationKeys = pgTable('confirmation_keys', {
  id: text('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
