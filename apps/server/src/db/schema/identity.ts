import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/** Local accounts of the built-in identity provider (unused when an external issuer is configured). */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased: e-mail addresses are compared case-insensitively. */
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash`, parameters kept with the hash so they can be raised later. */
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Shoppers give their names when they register; accounts made by `npm run admin` have none. */
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** When the owner of the address proved it (the confirmation link); null: cannot sign in yet. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_email_idx').on(t.email)],
)

/**
 * Everything oidc-provider persists (sessions, interactions, grants, codes,
 * refresh tokens …), one row per model instance, so a restart signs no one
 * out and several processes share one state.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
    // A password reset or a deleted account ends every session, grant and token of it.
    index('oidc_payloads_account_id_idx').on(sql`(${t.payload}->>'accountId')`),
  ],
)

/** Signing keys (private JWKs) and cookie secrets, created on first start and shared by all processes. */
export const identitySecrets = pgTable(
  'identity_secrets',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['signing-key', 'cookie-key'] }).notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_secrets_kind_idx').on(t.kind, t.createdAt)],
)

/**
 * Failed sign-in counters per account and per client address, in the
 * database so that every server process sees the same count.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
})

/**
 * Single-use links sent by e-mail (decision 231): confirming an address, resetting a
 * password. Only the SHA-256 of the token is kept; the link itself is in the mail alone.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm-email', 'reset-password'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_tokens_account_idx').on(t.accountId, t.purpose)],
)

/**
 * Subjects whose account was deleted (decision 234): an access token of one, issued before
 * `revokedAt`, is refused at once rather than when it runs out. Kept with the subject only;
 * with an external issuer a later sign-in (a newer token) is a new start.
 */
export const revokedSubjects = pgTable('revoked_subjects', {
  subject: text('subject').primaryKey(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
})
