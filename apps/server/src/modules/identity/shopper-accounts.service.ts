import crypto from 'node:crypto'
import { z } from 'zod'
import type { AccountsRepository } from './accounts.repository.js'
import { ADMIN_ROLE, normaliseEmail } from './accounts.service.js'
import type { AccountTokensRepository, TokenPurpose } from './account-tokens.repository.js'
import { hashPassword } from './passwords.js'
import { passwordProblem, type PasswordProblem } from './password-rules.js'

/** How long the e-mailed links work (decision 231). */
export const LINK_LIFETIME = {
  'confirm-email': { seconds: 24 * 60 * 60, inWords: '24 שעות' },
  'reset-password': { seconds: 60 * 60, inWords: 'שעה' },
} as const satisfies Record<TokenPurpose, { seconds: number; inWords: string }>

export const MAX_NAME_LENGTH = 50

/** What identity needs from the mail module for these mails (mail's AccountMailView). */
export type AccountMail = {
  enqueueAccountMail(
    key: string,
    view:
      | { kind: 'confirm-email'; email: string; firstName: string; url: string; validFor: string }
      | {
          kind: 'already-registered' | 'reset-password'
          email: string
          url: string | null
          validFor: string
        },
  ): Promise<unknown>
}

export type Registration = {
  firstName: string
  lastName: string
  email: string
  password: string
  passwordAgain: string
}

export type RegistrationProblem =
  PasswordProblem | 'missing-fields' | 'invalid-email' | 'name-too-long' | 'passwords-differ'

const EmailSchema = z.email()

/** What is wrong with a new password typed twice, or null. */
export function newPasswordProblem(
  password: string,
  passwordAgain: string,
  email: string,
): RegistrationProblem | null {
  if (!password) return 'missing-fields'
  if (password !== passwordAgain) return 'passwords-differ'
  return passwordProblem(password, email)
}

/** What is wrong with a registration form, or null. Checked before anything is stored. */
export function registrationProblem(input: Registration): RegistrationProblem | null {
  if (!input.firstName.trim() || !input.lastName.trim() || !input.email.trim()) return 'missing-fields'
  if (input.firstName.trim().length > MAX_NAME_LENGTH || input.lastName.trim().length > MAX_NAME_LENGTH)
    return 'name-too-long'
  if (!EmailSchema.safeParse(normaliseEmail(input.email)).success) return 'invalid-email'
  return newPasswordProblem(input.password, input.passwordAgain, normaliseEmail(input.email))
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/**
 * Shoppers' own accounts in the built-in provider: registration with a confirmed address,
 * and a forgotten password reset by an e-mailed link. Every answer a stranger sees is the
 * same whether or not an account exists; the mail alone differs.
 */
export function createShopperAccounts(deps: {
  accounts: AccountsRepository
  tokens: AccountTokensRepository
  mail: AccountMail
  /** The page a link opens, e.g. `${issuer}/account/confirm`; the token is added as `?token=`. */
  linkBase: Record<TokenPurpose, string>
}) {
  const { accounts, tokens, mail } = deps
  const { resetMailFor, sendConfirmation } = linkMail(deps)

  return {
    /** Validate with `registrationProblem` first. An e-mail that has an account gets a note instead. */
    async register(input: Registration): Promise<void> {
      const email = normaliseEmail(input.email)
      // Hashed whether or not the address is taken: both answers cost the same time.
      const passwordHash = await hashPassword(input.password)
      const firstName = input.firstName.trim()
      const row = await accounts.insert({
        email,
        passwordHash,
        roles: [],
        firstName,
        lastName: input.lastName.trim(),
        emailVerifiedAt: null,
      })
      if (row) return sendConfirmation({ id: row.id, email, firstName })
      const existing = await accounts.findByEmail(email)
      if (!existing) return
      const link = await resetMailFor(existing)
      await mail.enqueueAccountMail(link.key, {
        kind: 'already-registered',
        email,
        url: link.url,
        validFor: LINK_LIFETIME['reset-password'].inWords,
      })
    },

    /** A new confirmation link, when the address has an account still waiting for one. */
    async resendConfirmation(emailInput: string): Promise<void> {
      const account = await accounts.findByEmail(normaliseEmail(emailInput))
      if (!account || account.emailVerifiedAt) return
      await sendConfirmation(account)
    },

    async requestPasswordReset(emailInput: string): Promise<void> {
      const account = await accounts.findByEmail(normaliseEmail(emailInput))
      if (!account) return
      const link = await resetMailFor(account)
      await mail.enqueueAccountMail(link.key, {
        kind: 'reset-password',
        email: account.email,
        url: link.url,
        validFor: LINK_LIFETIME['reset-password'].inWords,
      })
    },

    async isConfirmLinkUsable(token: string): Promise<boolean> {
      return !!(await tokens.findUsable(hashToken(token), 'confirm-email'))
    },

    /** Uses the confirmation link up; false when it is unknown, used or expired. */
    async confirmEmail(token: string): Promise<boolean> {
      const accountId = await tokens.consume(hashToken(token), 'confirm-email')
      if (!accountId) return false
      await accounts.markEmailVerified(accountId)
      return true
    },

    /** The account's e-mail when the reset link still works (the form shows it), without using it up. */
    async resetLinkAccount(token: string): Promise<{ email: string } | undefined> {
      const accountId = await tokens.findUsable(hashToken(token), 'reset-password')
      const account = accountId ? await accounts.findById(accountId) : undefined
      return account && { email: account.email }
    },

    /**
     * Sets the new password (checked with `newPasswordProblem` first), confirms the address
     * the link went to, and ends every session and refresh token of the account.
     */
    async resetPassword(token: string, password: string): Promise<boolean> {
      const passwordHash = await hashPassword(password)
      const accountId = await tokens.consume(hashToken(token), 'reset-password')
      if (!accountId) return false
      await accounts.setPasswordById(accountId, passwordHash)
      await accounts.endSessions(accountId)
      return true
    },
  }
}

export type ShopperAccounts = ReturnType<typeof createShopperAccounts>

/** Making a link (only its hash is kept) and the mails that carry one. */
function linkMail(deps: Pick<Parameters<typeof createShopperAccounts>[0], 'tokens' | 'mail' | 'linkBase'>) {
  const { tokens, mail } = deps

  /** A new single-use link for the account; only its hash is stored. */
  const issueLink = async (accountId: string, purpose: TokenPurpose) => {
    const token = crypto.randomBytes(32).toString('base64url')
    const tokenHash = hashToken(token)
    const expiresAt = new Date(Date.now() + LINK_LIFETIME[purpose].seconds * 1000)
    await tokens.replace({ tokenHash, accountId, purpose, expiresAt })
    return { key: tokenHash, url: `${deps.linkBase[purpose]}?token=${token}` }
  }

  /** The reset link for an account that may use one (administrators may not: decision 231). */
  const resetMailFor = async (account: { id: string; roles: string[] }) => {
    if (account.roles.includes(ADMIN_ROLE)) return { key: `admin:${crypto.randomUUID()}`, url: null }
    return issueLink(account.id, 'reset-password')
  }

  const sendConfirmation = async (account: { id: string; email: string; firstName: string }) => {
    const link = await issueLink(account.id, 'confirm-email')
    await mail.enqueueAccountMail(link.key, {
      kind: 'confirm-email',
      email: account.email,
      firstName: account.firstName,
      url: link.url,
      validFor: LINK_LIFETIME['confirm-email'].inWords,
    })
  }

  return { resetMailFor, sendConfirmation }
}
