import crypto from 'node:crypto'
import type { SignInThrottleRepository, ThrottlePolicy } from './sign-in-throttle.repository.js'

/**
 * How often a stranger may make the shop send account mail (decision 231): registering,
 * a new confirmation link, a password reset. Counted by client address per kind of request,
 * and by the e-mail address over all kinds, in the sign-in counters' table (shared by every
 * process, one atomic upsert each).
 */
export const ACCOUNT_REQUEST_LIMITS = {
  /** One address: room for a family or an office behind one NAT. */
  address: { maxFailures: 10, windowSeconds: 60 * 60, blockSeconds: 60 * 60 } satisfies ThrottlePolicy,
  /** One mailbox: a few mails an hour at most, whoever asks. */
  email: { maxFailures: 5, windowSeconds: 60 * 60, blockSeconds: 60 * 60 } satisfies ThrottlePolicy,
}

export type AccountRequestKind = 'register' | 'resend' | 'reset'

export function createRequestLimits(
  repository: SignInThrottleRepository,
  limits: typeof ACCOUNT_REQUEST_LIMITS = ACCOUNT_REQUEST_LIMITS,
) {
  return {
    /**
     * Counts one request; the seconds to wait when it is refused (0: go ahead). A refused
     * request is not counted, so a flood cannot keep extending the wait.
     */
    async take(kind: AccountRequestKind, keys: { address: string; email: string }): Promise<number> {
      const addressKey = `${kind}-address:${keyPart(keys.address)}`
      const emailKey = `account-mail:${keyPart(keys.email)}`
      const rows = await repository.findByKeys([addressKey, emailKey])
      const now = Date.now()
      const until = Math.max(0, ...rows.map((row) => row.blockedUntil?.getTime() ?? 0))
      if (until > now) return Math.ceil((until - now) / 1000)
      await repository.bump(addressKey, limits.address)
      await repository.bump(emailKey, limits.email)
      return 0
    },
  }
}

export type RequestLimits = ReturnType<typeof createRequestLimits>

function keyPart(value: string): string {
  return value.length <= 254 ? value : `sha256:${crypto.createHash('sha256').update(value).digest('hex')}`
}
