import crypto from 'node:crypto'
import type {
  SignInThrottleRepository,
  SlowDownPolicy,
  ThrottlePolicy,
} from './sign-in-throttle.repository.js'

export type { SlowDownPolicy, ThrottlePolicy }

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
export function createSignInThrottle(
  repository: SignInThrottleRepository,
  limits: typeof THROTTLE_LIMITS = THROTTLE_LIMITS,
) {
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
      const rows = await repository.findByKeys([k.pair, k.address, k.account, k.known])
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
      await repository.bump(k.pair, limits.pair)
      await repository.bump(k.address, limits.address)
      const accountFailures = await repository.slowDown(k.account, limits.account)
      return { accountFailures, isAttackStarting: accountFailures === limits.account.freeFailures }
    },

    /**
     * A correct password clears this address's count for the account and makes the
     * address known. The account's own slow-down stays: the owner signing in must not
     * give an attacker elsewhere a fresh set of fast guesses.
     */
    async recordSuccess(keys: ThrottleKeys): Promise<void> {
      const k = keysOf(keys)
      await repository.remove([k.pair])
      await repository.markKnown(k.known)
    },
  }
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>

/** Keys stay short enough for the primary-key index whatever length an e-mail field was sent with. */
function keyPart(value: string): string {
  return value.length <= 254 ? value : `sha256:${crypto.createHash('sha256').update(value).digest('hex')}`
}
