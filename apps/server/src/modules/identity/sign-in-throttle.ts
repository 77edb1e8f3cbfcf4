import { inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { signInThrottle } from '../../db/schema/index.js'

export type ThrottlePolicy = {
  /** Failures allowed per key inside one window before it is blocked. */
  maxFailures: number
  windowSeconds: number
  blockSeconds: number
}

// Per account: slows down guessing one person's password. Per address: slows
// one machine trying many accounts, with room for an office behind one NAT.
export const ACCOUNT_POLICY: ThrottlePolicy = {
  maxFailures: 5,
  windowSeconds: 15 * 60,
  blockSeconds: 15 * 60,
}
export const ADDRESS_POLICY: ThrottlePolicy = {
  maxFailures: 20,
  windowSeconds: 15 * 60,
  blockSeconds: 15 * 60,
}

export type ThrottleKeys = { account: string; address: string }

/**
 * Failed sign-in counters kept in the database, so every server process
 * enforces the same limit. Updates are single atomic upserts.
 */
export function createSignInThrottle(
  db: Database,
  policies: { account: ThrottlePolicy; address: ThrottlePolicy } = {
    account: ACCOUNT_POLICY,
    address: ADDRESS_POLICY,
  },
) {
  const keysOf = (keys: ThrottleKeys) => [`account:${keys.account}`, `address:${keys.address}`]

  return {
    /** Seconds until another attempt is allowed; 0 when it is allowed now. */
    async retryAfter(keys: ThrottleKeys): Promise<number> {
      const rows = await db
        .select({ blockedUntil: signInThrottle.blockedUntil })
        .from(signInThrottle)
        .where(inArray(signInThrottle.key, keysOf(keys)))
      const now = Date.now()
      const until = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0))
      return until > now ? Math.ceil((until - now) / 1000) : 0
    },

    async recordFailure(keys: ThrottleKeys): Promise<void> {
      await bump(db, `account:${keys.account}`, policies.account)
      await bump(db, `address:${keys.address}`, policies.address)
    },

    /** A correct password clears the account's counter; the address keeps its count. */
    async recordSuccess(keys: ThrottleKeys): Promise<void> {
      await db.delete(signInThrottle).where(inArray(signInThrottle.key, [`account:${keys.account}`]))
    },
  }
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>

async function bump(db: Database, key: string, policy: ThrottlePolicy): Promise<void> {
  const windowExpired = sql`${signInThrottle.windowStartedAt} < now() - make_interval(secs => ${policy.windowSeconds}::int)`
  const nextFailures = sql`case when ${windowExpired} then 1 else ${signInThrottle.failures} + 1 end`
  await db
    .insert(signInThrottle)
    .values({
      key,
      failures: 1,
      windowStartedAt: sql`now()`,
      blockedUntil:
        policy.maxFailures <= 1 ? sql`now() + make_interval(secs => ${policy.blockSeconds}::int)` : null,
    })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        failures: nextFailures,
        windowStartedAt: sql`case when ${windowExpired} then now() else ${signInThrottle.windowStartedAt} end`,
        blockedUntil: sql`case when ${nextFailures} >= ${policy.maxFailures}
          then now() + make_interval(secs => ${policy.blockSeconds}::int) else ${signInThrottle.blockedUntil} end`,
      },
    })
}
