import type { Transaction } from '../../db/unit-of-work.js'
import { AppError } from '../../lib/errors.js'
import type { AccountsRepository } from './accounts.repository.js'
import { ADMIN_ROLE } from './accounts.service.js'

/**
 * What other modules may do with the built-in provider's accounts, by token subject: the
 * account API deletes a shopper's account on DELETE /api/account. With an external issuer
 * no subject is local and nothing is deleted here.
 */
export function createLocalAccountService(
  repository: AccountsRepository,
  isBuiltIn: boolean,
  /** Refuses the subject's access tokens from now on (decision 234), in `tx` when given. */
  revoke: (subject: string, tx?: Transaction) => Promise<void>,
) {
  return {
    /** Whether the subject is an account of the built-in provider (and so can be deleted here). */
    async isLocalAccount(subject: string): Promise<boolean> {
      return isBuiltIn && !!(await repository.findById(subject))
    },

    /**
     * Removes the account with its sessions, grants and refresh tokens, and refuses the
     * access tokens it already holds from now on, with any issuer (issue 33: they used to
     * live their ten minutes and could write a new profile); `tx` puts it in the caller's
     * transaction (the account API deletes everything of a shopper at once). False when the
     * subject has no local account (another issuer's): only its tokens are refused.
     * 409 for the last administrator: the shop would have no one to run it.
     */
    async deleteLocalAccount(subject: string, tx?: Transaction): Promise<boolean> {
      const outcome = isBuiltIn ? await repository.removeById(subject, ADMIN_ROLE, tx) : 'missing'
      if (outcome === 'last-holder')
        throw new AppError('CONFLICT', 'The last administrator’s account cannot be deleted')
      await revoke(subject, tx)
      return outcome === 'removed'
    },
  }
}

export type LocalAccountService = ReturnType<typeof createLocalAccountService>
