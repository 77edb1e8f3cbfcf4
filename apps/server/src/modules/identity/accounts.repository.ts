import { asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { accounts } from '../../db/schema/index.js'

export type AccountRow = typeof accounts.$inferSelect

export function accountsRepository(db: Database) {
  return {
    async findById(id: string): Promise<AccountRow | undefined> {
      // Subjects of tokens from another issuer may be any string; only uuids can be ours.
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined
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
    async remove(email: string): Promise<AccountRow | undefined> {
      const [row] = await db.delete(accounts).where(eq(accounts.email, email)).returning()
      return row
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

export type AccountsRepository = ReturnType<typeof accountsRepository>
