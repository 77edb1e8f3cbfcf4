import { AppError } from '../../lib/errors.js'
import type { AccountsRepository } from './accounts.repository.js'
import { ADMIN_ROLE } from './accounts.service.js'

/**
 * What other modules may do with the built-in provider's accounts, by token subject: the
 * account API deletes a shopper's account on DELETE /api/account. With an external issuer
 * no subject is local and nothing can be deleted here.
 */
export function createLocalAccountService(repository: AccountsRepository, isBuiltIn: boolean) {
  return {
    /** Whether the subject is an account of the built-in provider (and so can be deleted here). */
    async isLocalAccount(subject: string): Promise<boolean> {
      return isBuiltIn && !!(await repository.findById(subject))
    },

    /**
     * Removes the account with its sessions, grants and refresh tokens (access tokens it
     * already holds run out within minutes, and name no account any more). 404 when there is
     * no such account, 409 for the last administrator: the shop would have no one to run it.
     */
    async deleteLocalAccount(subject: string): Promise<void> {
      const outcome = isBuiltIn ? await repository.removeById(subject, ADMIN_ROLE) : 'missing'
      if (outcome === 'missing') throw new AppError('NOT_FOUND', 'No local account for this subject')
      if (outcome === 'last-holder')
        throw new AppError('CONFLICT', 'The last administrator’s account cannot be deleted')
    },
  }
}

export type LocalAccountService = ReturnType<typeof createLocalAccountService>
