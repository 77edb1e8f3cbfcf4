import crypto from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { signInThrottle } from '../../db/schema/index.js'

export type ThrottlePolicy = {
  /** Failures allowed per key inside one window before it is blocked. */
  maxFailures: number
  windowSeconds: number
  blockSeconds: number
}

export type SlowDownPolicy = {
  /** Failures inside one window before every further attempt waits. */
  freeFailures: number
  windowSeconds: number
  /** The wait after the last free failure; it doubles with each failure after, up to maxDelaySeconds. */
  firstDelaySeconds: number
  maxDelaySeconds: number
}

/**
 * The limits of decision 111 (OWASP's authentication guidance: slow guessing down, never
 * hand a stranger a switch that locks the owner out). None of them stops the owner at an
 * address they signed in from before, unless the wrong passwords come from that address.
 */
export const THROTTLE_LIMITS = {
  /** One address guessing one account: stopped for 15 minutes after 5 wrong passwords. */
  pair: { maxFailures: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 } satisfies ThrottlePolicy,
  /** One address trying many accounts, with room for an office behind one NAT. */
  address: { maxFailures: 20, windowSeconds: 15 * 60, blockSeconds: 15 * 60 } satisfies ThrottlePolicy,
  /** One account guessed from many addresses: slowed down (1 s, 2 s, 4 s … 5 min), never shut. */
  account: {
    freeFailures: 5,
    windowSeconds: 24 * 60 * 60,
    firstDelaySeconds: 1,
    maxDelaySeconds: 5 * 60,
  } satisfies SlowDownPolicy,
  /** How long a successful sign-in makes its address "known" for that account. */
  knownAddressDays: 90,
}

export type ThrottleKeys = { account: string; address: string }

/** What a failure did to the account: `isAttackStarting` once per window, when the slow-down begins. */
export type FailureOutcome = { accountFailures: number; isAttackStarting: boolean }

/**
 * Failed sign-in counters kept in the database, so every server process enforces the
 * same limits. Updates are single atomic upserts. Rows: `pair:<account>|<address>`,
 * `address:<address>`, `account:<account>` (counters) and `known:<account>|<address>`
 * (the last successful sign-in from that address).
 */
export function createSignInThrottle(db: Database, limits: typeof THROTTLE_LIMITS = THROTTLE_LIMITS) {
  const keysOf = (keys: ThrottleKeys) => {
    const account = keyPart(keys.account)
    const address = keyPart(keys.address)
    return {
      pair: `pair:${account}|${address}`,
      address: `address:${address}`,
      account: `account:${account}`,
      known: `known:${account}|${address}`,
    }
  }

  return {
    /**
     * Seconds until another attempt is allowed (0: now). The address and account limits
     * are waived for an address that signed in to this account before: strangers
     * elsewhere cannot stop the owner.
     */
    async retryAfter(keys: ThrottleKeys): Promise<{ seconds: number; isKnownAddress: boolean }> {
      const k = keysOf(keys)
      const rows = await db
        .select({
          key: signInThrottle.key,
          blockedUntil: signInThrottle.blockedUntil,
          windowStartedAt: signInThrottle.windowStartedAt,
        })
        .from(signInThrottle)
        .where(inArray(signInThrottle.key, [k.pair, k.address, k.account, k.known]))
      const now = Date.now()
      const known = rows.find((row) => row.key === k.known)
      const isKnownAddress =
        !!known && known.windowStartedAt.getTime() > now - limits.knownAddressDays * 86_400_000
      const counted = isKnownAddress ? [k.pair] : [k.pair, k.address, k.account]
      const until = Math.max(
        0,
        ...rows.filter((row) => counted.includes(row.key)).map((row) => row.blockedUntil?.getTime() ?? 0),
      )
      return { seconds: until > now ? Math.ceil((until - now) / 1000) : 0, isKnownAddress }
    },

    async recordFailure(keys: ThrottleKeys): Promise<FailureOutcome> {
      const k = keysOf(keys)
      await bump(db, k.pair, limits.pair)
      await bump(db, k.address, limits.address)
      const accountFailures = await slowDown(db, k.account, limits.account)
      return { accountFailures, isAttackStarting: accountFailures === limits.account.freeFailures }
    },

    /**
     * A correct password clears this address's count for the account and makes the
     * address known. The account's own slow-down stays: the owner signing in must not
     * give an attacker elsewhere a fresh set of fast guesses.
     */
    async recordSuccess(keys: ThrottleKeys): Promise<void> {
      const k = keysOf(keys)
      await db.delete(signInThrottle).where(inArray(signInThrottle.key, [k.pair]))
      await db
        .insert(signInThrottle)
        .values({ key: k.known, failures: 0, windowStartedAt: sql`now()`, blockedUntil: null })
        .onConflictDoUpdate({ target: signInThrottle.key, set: { windowStartedAt: sql`now()` } })
    },
  }
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>

/** Keys stay short enough for the primary-key index whatever length an e-mail field was sent with. */
function keyPart(value: string): string {
  return value.length <= 254 ? value : `sha256:${crypto.createHash('sha256').update(value).digest('hex')}`
}

const windowExpired = (seconds: number) =>
  sql`${signInThrottle.windowStartedAt} < now() - make_interval(secs => ${seconds}::int)`

async function bump(db: Database, key: string, policy: ThrottlePolicy): Promise<void> {
  const expired = windowExpired(policy.windowSeconds)
  const nextFailures = sql`case when ${expired} then 1 else ${signInThrottle.failures} + 1 end`
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
        windowStartedAt: sql`case when ${expired} then now() else ${signInThrottle.windowStartedAt} end`,
        blockedUntil: sql`case when ${nextFailures} >= ${policy.maxFailures}
          then now() + make_interval(secs => ${policy.blockSeconds}::int) else ${signInThrottle.blockedUntil} end`,
      },
    })
}

/** Counts a failure against the account and sets its growing wait; returns the count in the window. */
async function slowDown(db: Database, key: string, policy: SlowDownPolicy): Promise<number> {
  const expired = windowExpired(policy.windowSeconds)
  const nextFailures = sql`case when ${expired} then 1 else ${signInThrottle.failures} + 1 end`
  // 2^(n - free) is capped in the exponent too, so a long attack cannot overflow it.
  const delayFor = (failures: unknown) =>
    sql`case when ${failures} >= ${policy.freeFailures}
      then now() + make_interval(secs => least(${policy.maxDelaySeconds}::float8,
        ${policy.firstDelaySeconds}::float8 * power(2, least(${failures} - ${policy.freeFailures}, 30))))
      else null end`
  const [row] = await db
    .insert(signInThrottle)
    .values({
      key,
      failures: 1,
      windowStartedAt: sql`now()`,
      blockedUntil: sql`${delayFor(sql`1`)}`,
    })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        failures: nextFailures,
        windowStartedAt: sql`case when ${expired} then now() else ${signInThrottle.windowStartedAt} end`,
        blockedUntil: delayFor(nextFailures),
      },
    })
    .returning({ failures: signInThrottle.failures })
  return row?.failures ?? 1
}
