import type {
  AccountDeletionResult,
  AccountOrder,
  AccountOrderList,
  AccountProfile,
  AccountProfileInput,
  ClaimOrdersResult,
  Reorder,
} from '@tavlin/contracts'
import type { Transaction, UnitOfWork } from '../../db/unit-of-work.js'
import { AppError } from '../../lib/errors.js'
import type { CatalogPrices } from '../catalog/index.js'
import type { AccountOrders } from '../orders/index.js'
import type { PrivacyService } from '../privacy/index.js'
import { reorderLines } from './account-reorder.js'
import type { AccountRepository } from './account.repository.js'

/** Who the access token says the shopper is (decision 230): the subject is the account's key. */
export type Shopper = {
  subject: string
  email: string | undefined
  emailVerified: boolean
  givenName: string | undefined
  familyName: string | undefined
}

/** Whether the shop's own identity provider holds the account (it can then be deleted here). */
export type IsLocalAccount = (subject: string) => Promise<boolean>
/** Deletes the built-in provider's account of the subject, in the account deletion's transaction. */
export type DeleteLocalAccount = (subject: string, tx: Transaction) => Promise<void>

export type AccountServiceDeps = {
  repository: AccountRepository
  unitOfWork: UnitOfWork
  orders: AccountOrders
  privacy: Pick<
    PrivacyService,
    'hasMarketingConsent' | 'grantMarketing' | 'withdrawMarketing' | 'eraseAccount'
  >
  prices: CatalogPrices
  isLocalAccount: IsLocalAccount
  deleteLocalAccount: DeleteLocalAccount
}

/**
 * The e-mail the identity provider confirmed, lower-cased; null otherwise. Whatever is keyed
 * by e-mail (consent, guest orders) is reached only through it: anyone can type any address.
 */
function confirmedEmail(shopper: Shopper): string | null {
  return shopper.emailVerified && shopper.email ? shopper.email.toLowerCase() : null
}

function emailNotVerified(what: string): AppError {
  return new AppError('EMAIL_NOT_VERIFIED', `${what} needs an e-mail address the identity provider confirmed`)
}

/** "החשבון שלי" (issue 22): the profile, marketing consent, the shopper's orders and leaving. */
export function createAccountService(deps: AccountServiceDeps) {
  const { repository, privacy, orders } = deps

  async function profile(shopper: Shopper): Promise<AccountProfile> {
    const email = confirmedEmail(shopper)
    const [row, marketingConsent, isLocalAccount, openOrders] = await Promise.all([
      repository.findProfile(shopper.subject),
      email ? privacy.hasMarketingConsent(email) : false,
      deps.isLocalAccount(shopper.subject),
      orders.countOpenAccountOrders({ subject: shopper.subject, confirmedEmail: email }),
    ])
    return {
      email: shopper.email ?? '',
      emailVerified: shopper.emailVerified,
      firstName: row?.firstName ?? shopper.givenName ?? '',
      lastName: row?.lastName ?? shopper.familyName ?? '',
      phone: row?.phone ?? null,
      marketingConsent,
      isLocalAccount,
      openOrders,
    }
  }

  return {
    profile,

    /** Names and phone; consent recorded with its wording (on) or withdrawn as unsubscribing does (off). */
    async updateProfile(shopper: Shopper, input: AccountProfileInput): Promise<AccountProfile> {
      const email = confirmedEmail(shopper)
      if (input.marketingConsent && !email) throw emailNotVerified('Marketing consent')
      const { firstName, lastName, phone } = input
      await repository.saveProfile({ subject: shopper.subject, firstName, lastName, phone })
      if (email && input.marketingConsent !== (await privacy.hasMarketingConsent(email))) {
        if (input.marketingConsent) await privacy.grantMarketing(email, 'account')
        else await privacy.withdrawMarketing(email)
      }
      return profile(shopper)
    },

    listOrders: (shopper: Shopper, query: { page: number; limit: number }): Promise<AccountOrderList> =>
      orders.listAccountOrders(shopper.subject, query),

    getOrder: (shopper: Shopper, orderId: string): Promise<AccountOrder> =>
      orders.getAccountOrder(shopper.subject, orderId),

    async reorder(shopper: Shopper, orderId: string): Promise<Reorder> {
      return reorderLines(deps.prices, await orders.getAccountOrder(shopper.subject, orderId))
    },

    async claimOrders(shopper: Shopper): Promise<ClaimOrdersResult> {
      const email = confirmedEmail(shopper)
      if (!email) throw emailNotVerified('Claiming guest orders')
      return { claimed: await orders.claimGuestOrders(shopper.subject, email) }
    },

    /**
     * Profile and addresses deleted, orders masked (not unlinked; open ones once they close,
     * decision 254), consent withdrawn and the built-in provider's account removed: all in one
     * transaction, or nothing.
     */
    async deleteAccount(shopper: Shopper): Promise<AccountDeletionResult> {
      return deps.unitOfWork.run(async (tx) => {
        await repository.deleteAll(tx, shopper.subject)
        const { ordersMasked, ordersKept } = await privacy.eraseAccount(tx, {
          subject: shopper.subject,
          confirmedEmail: confirmedEmail(shopper),
        })
        await deps.deleteLocalAccount(shopper.subject, tx)
        return { deleted: true as const, ordersMasked, ordersKept }
      })
    },
  }
}
export type AccountService = ReturnType<typeof createAccountService>
