import { asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import type { Executor } from '../../db/unit-of-work.js'
import { accounts, oidcPayloads } from '../../db/schema/index.js'
import { revokeSubject } from './token-checks.repository.js'

export type AccountRow = typeof accounts.$inferSelect

// Subjects of tokens from another issuer may be any string; only uuids can be ours.
const isAccountId = (id: string) => /^[0-9a-f-]{36}$/i.test(id)

export function accountsRepository(db: Database) {
  return {
    async findById(id: string): Promise<AccountRow | undefined> {
      if (!isAccountId(id)) return undefined
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id))
      return row
    },
    async findByEmail(email: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(accounts).where(eq(accounts.email, email))
      return row
    },
    async list(): Promise<AccountRow[]> {
      return db.select().from(accounts).orderBy(asc(accounts.email))
    },
    /** Inserts unless the e-mail exists; returns the new row, or undefined when it existed. */
    async insert(values: {
      email: string
      passwordHash: string
      roles: string[]
      firstName?: string
      lastName?: string
      emailVerifiedAt: Date | null
    }): Promise<AccountRow | undefined> {
      const [row] = await db.insert(accounts).values(values).onConflictDoNothing().returning()
      return row
    },
    async updatePassword(email: string, passwordHash: string): Promise<boolean> {
      const rows = await db
        .update(accounts)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(accounts.email, email))
        .returning({ id: accounts.id })
      return rows.length > 0
    },
    /** A new password set through an e-mailed link: that also proves the address. */
    async setPasswordById(id: string, passwordHash: string): Promise<void> {
      await db
        .update(accounts)
        .set({
          passwordHash,
          emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(accounts.id, id))
    },
    async markEmailVerified(id: string): Promise<void> {
      await db
        .update(accounts)
        .set({ emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, now())`, updatedAt: new Date() })
        .where(eq(accounts.id, id))
    },
    /** Deletes the account; the access tokens it holds are refused from now on (decision 234). */
    async remove(email: string): Promise<AccountRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(accounts).where(eq(accounts.email, email)).returning()
        if (row) await revokeSubject(tx, row.id)
        return row
      })
    },
    /** Deletes an account with its sessions, grants and tokens; never the last holder of `protectedRole`. */
    removeById: (id: string, protectedRole: string, executor: Executor = db) =>
      removeById(executor, id, protectedRole),
    /** Ends every session of the account: sessions, grants, codes and refresh tokens. */
    async endSessions(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(ofAccount(id))
    },
    async countWithRole(role: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(accounts)
        .where(sql`${role} = any(${accounts.roles})`)
      return row?.count ?? 0
    },
  }
}

/**
 * One transaction (a savepoint inside the caller's) that first locks every holder of the
 * role: two administrators removed at once cannot both pass the "not the last one" check.
 */
async function removeById(
  executor: Executor,
  id: string,
  protectedRole: string,
): Promise<'removed' | 'missing' | 'last-holder'> {
  if (!isAccountId(id)) return 'missing'
  return executor.transaction(async (tx) => {
    const holders = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(sql`${protectedRole} = any(${accounts.roles})`)
      .for('update')
    const [row] = await tx.select().from(accounts).where(eq(accounts.id, id))
    if (!row) return 'missing'
    if (row.roles.includes(protectedRole) && holders.length <= 1) return 'last-holder'
    await tx.delete(oidcPayloads).where(ofAccount(id))
    await tx.delete(accounts).where(eq(accounts.id, id))
    return 'removed'
  })
}

/** oidc-provider keeps `accountId` in sessions, grants and tokens; tokens of a grant carry its id. */
function ofAccount(id: string) {
  const grants = sql`(select ${oidcPayloads.id} from ${oidcPayloads}
    where ${oidcPayloads.model} = 'Grant' and ${oidcPayloads.payload}->>'accountId' = ${id})`
  return sql`(${oidcPayloads.payload}->>'accountId' = ${id} or ${oidcPayloads.grantId} in ${grants})`
}

export type AccountsRepository = ReturnType<typeof accountsRepository>
