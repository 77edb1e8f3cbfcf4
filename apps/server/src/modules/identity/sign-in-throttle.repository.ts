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
/** The sign-in counters: single atomic upserts, so parallel guesses cannot slip past a limit. */
export function signInThrottleRepository(db: Database) {
  return {
    findByKeys(keys: string[]) {
      return db
        .select({
          key: signInThrottle.key,
          blockedUntil: signInThrottle.blockedUntil,
          windowStartedAt: signInThrottle.windowStartedAt,
        })
        .from(signInThrottle)
        .where(inArray(signInThrottle.key, keys))
    },
    bump: (key: string, policy: ThrottlePolicy) => bump(db, key, policy),
    slowDown: (key: string, policy: SlowDownPolicy) => slowDown(db, key, policy),
    async remove(keys: string[]): Promise<void> {
      await db.delete(signInThrottle).where(inArray(signInThrottle.key, keys))
    },
    /** Records a successful sign-in from this address (the row's window start is its time). */
    async markKnown(key: string): Promise<void> {
      await db
        .insert(signInThrottle)
        .values({ key, failures: 0, windowStartedAt: sql`now()`, blockedUntil: null })
        .onConflictDoUpdate({ target: signInThrottle.key, set: { windowStartedAt: sql`now()` } })
    },
  }
}

export type SignInThrottleRepository = ReturnType<typeof signInThrottleRepository>

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
