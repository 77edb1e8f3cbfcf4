import { z } from 'zod'
import { AppError } from '../../lib/errors.js'
import type { AccountRow, AccountsRepository } from './accounts.repository.js'
import { generatePassword, hashPassword, verifyPassword } from './passwords.js'

export const ADMIN_ROLE = 'Admin'
export const MIN_PASSWORD_LENGTH = 10

export type Account = {
  id: string
  email: string
  roles: string[]
  firstName: string
  lastName: string
  /** Confirmed through the e-mailed link, or made by the owner; only these may sign in. */
  isEmailVerified: boolean
  createdAt: Date
}

const EmailSchema = z.email()

// Compared against when the e-mail is unknown, so a wrong address costs as
// long as a wrong password and the answer time does not reveal which accounts exist.
const DUMMY_HASH_PROMISE = hashPassword('not-a-real-password')

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function createAccountsService(repository: AccountsRepository) {
  return {
    async findById(id: string): Promise<Account | undefined> {
      const row = await repository.findById(id)
      return row && toAccount(row)
    },

    async isRegistered(email: string): Promise<boolean> {
      return !!(await repository.findByEmail(normaliseEmail(email)))
    },

    /** The account when e-mail and password match; undefined otherwise (never says which was wrong). */
    async verifyCredentials(email: string, password: string): Promise<Account | undefined> {
      const row = await repository.findByEmail(normaliseEmail(email))
      const ok = await verifyPassword(password, row?.passwordHash ?? (await DUMMY_HASH_PROMISE))
      return ok && row ? toAccount(row) : undefined
    },

    /** Creates an account; a password is generated when none is given and returned once. */
    async create(input: {
      email: string
      password?: string
      roles?: string[]
    }): Promise<{ account: Account; password: string }> {
      const email = normaliseEmail(input.email)
      if (!EmailSchema.safeParse(email).success)
        throw new AppError('VALIDATION_ERROR', `Not an e-mail address: ${input.email}`)
      const password = input.password ?? generatePassword()
      assertStrongEnough(password)
      const row = await repository.insert({
        email,
        passwordHash: await hashPassword(password),
        roles: [...new Set(input.roles ?? [])],
        // The owner made it from the command line: nothing to confirm.
        emailVerifiedAt: new Date(),
      })
      if (!row) throw new AppError('CONFLICT', `An account for ${email} already exists`)
      return { account: toAccount(row), password }
    },

    async resetPassword(emailInput: string, newPassword?: string): Promise<string> {
      const password = newPassword ?? generatePassword()
      assertStrongEnough(password)
      const updated = await repository.updatePassword(
        normaliseEmail(emailInput),
        await hashPassword(password),
      )
      if (!updated) throw new AppError('NOT_FOUND', `No account for ${emailInput}`)
      return password
    },

    async list(): Promise<Account[]> {
      return (await repository.list()).map(toAccount)
    },

    async remove(emailInput: string): Promise<Account> {
      const row = await repository.remove(normaliseEmail(emailInput))
      if (!row) throw new AppError('NOT_FOUND', `No account for ${emailInput}`)
      return toAccount(row)
    },

    /**
     * First start: when no account holds the Admin role, create one. Returns the
     * generated password only when this call created the account with a password
     * nobody chose (so it is printed exactly once). Safe when several processes
     * race: the e-mail is unique and only the winner gets a row back.
     */
    async ensureAdmin(options: {
      email: string
      password: string | undefined
    }): Promise<
      { created: false } | { created: true; email: string; generatedPassword: string | undefined }
    > {
      if ((await repository.countWithRole(ADMIN_ROLE)) > 0) return { created: false }
      const email = normaliseEmail(options.email)
      const password = options.password ?? generatePassword()
      const row = await repository.insert({
        email,
        passwordHash: await hashPassword(password),
        roles: [ADMIN_ROLE],
        emailVerifiedAt: new Date(),
      })
      if (!row) return { created: false }
      return { created: true, email, generatedPassword: options.password ? undefined : password }
    },
  }
}

export type AccountsService = ReturnType<typeof createAccountsService>

function assertStrongEnough(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError('VALIDATION_ERROR', `A password needs at least ${MIN_PASSWORD_LENGTH} characters`)
  }
}

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    roles: row.roles,
    firstName: row.firstName,
    lastName: row.lastName,
    isEmailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt,
  }
}
