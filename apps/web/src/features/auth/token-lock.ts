import { IDENTITY } from './identity-config'

// Spec §9: a token lock of 5 s, retried up to 10 times, so two tabs (or two triggers in one
// tab) never refresh at once. A refresh token is used up by its refresh where the issuer
// rotates them (Auth0 with rotation, the built-in provider): a second refresh with the same
// token at the same moment fails, and the issuer may then revoke the whole session. The
// browser's Web Locks API holds the lock across the tabs of the site and frees it when a
// tab dies mid-refresh.

export class LockTimeoutError extends Error {
  override readonly name = 'LockTimeoutError'
  /** Spec §8's identity error. */
  readonly error = 'lock_timeout'
}

export type LockTiming = Pick<typeof IDENTITY, 'lockWaitMs' | 'lockAttempts'>

/** The lock's name: one per issuer and client, as the session itself. */
export const tokenLockName = (authority: string, clientId: string) =>
  `tavlin.auth.refresh:${authority}:${clientId}`

/**
 * Runs `work` holding the lock `name`. Each wait for it is given up after `lockWaitMs`;
 * after `lockAttempts` such waits the work is not done and a LockTimeoutError is thrown.
 * Without Web Locks (very old browsers) the work runs unguarded: one tab is still safe.
 */
export async function withTokenLock<T>(
  name: string,
  work: () => Promise<T>,
  locks: LockManager | undefined = globalThis.navigator?.locks,
  timing: LockTiming = IDENTITY,
): Promise<T> {
  if (!locks) return work()
  for (let attempt = 1; attempt <= timing.lockAttempts; attempt++) {
    const controller = new AbortController()
    let isGranted = false
    const timer = setTimeout(
      () => controller.abort(new LockTimeoutError('lock-acquisition timeout')),
      timing.lockWaitMs,
    )
    try {
      return await locks.request(name, { mode: 'exclusive', signal: controller.signal }, () => {
        isGranted = true
        clearTimeout(timer)
        return work()
      })
    } catch (error) {
      // Only a wait that ran out is tried again; the work's own failure is the caller's.
      if (isGranted || !controller.signal.aborted) throw error
    } finally {
      clearTimeout(timer)
    }
  }
  throw new LockTimeoutError(
    `lock-acquisition timeout: the token lock was held for ${(timing.lockWaitMs * timing.lockAttempts) / 1000} s`,
  )
}
