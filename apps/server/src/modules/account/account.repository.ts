import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import type { Executor, Transaction } from '../../db/unit-of-work.js'
import { favourites, savedAddresses, shopperProfiles } from '../../db/schema/index.js'

export type ProfileRow = typeof shopperProfiles.$inferSelect
export type AddressRow = typeof savedAddresses.$inferSelect
export type AddressValues = Omit<
  typeof savedAddresses.$inferInsert,
  'id' | 'subject' | 'isDefault' | 'createdAt' | 'updatedAt'
>

/** Shopper profiles and saved addresses (decision 230); every query is scoped by the subject. */
export function createAccountRepository(db: Database) {
  return { ...profiles(db), ...addresses(db) }
}
export type AccountRepository = ReturnType<typeof createAccountRepository>

function profiles(db: Database) {
  return {
    async findProfile(subject: string): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(shopperProfiles).where(eq(shopperProfiles.subject, subject))
      return row
    },

    async saveProfile(values: {
      subject: string
      firstName: string
      lastName: string
      phone: string | null
    }) {
      await db
        .insert(shopperProfiles)
        .values(values)
        .onConflictDoUpdate({
          target: shopperProfiles.subject,
          set: {
            firstName: values.firstName,
            lastName: values.lastName,
            phone: values.phone,
            updatedAt: sql`now()`,
          },
        })
    },

    /** The profile, every address and every favourite of the subject. */
    async deleteAll(tx: Transaction, subject: string): Promise<void> {
      await tx.delete(favourites).where(eq(favourites.subject, subject))
      await tx.delete(savedAddresses).where(eq(savedAddresses.subject, subject))
      await tx.delete(shopperProfiles).where(eq(shopperProfiles.subject, subject))
    },
  }
}

function addresses(db: Database) {
  return {
    /** The default first, then in the order they were saved. */
    async addresses(subject: string, executor: Executor = db): Promise<AddressRow[]> {
      return executor
        .select()
        .from(savedAddresses)
        .where(eq(savedAddresses.subject, subject))
        .orderBy(desc(savedAddresses.isDefault), asc(savedAddresses.createdAt), asc(savedAddresses.id))
    },

    async findAddress(executor: Executor, subject: string, id: string): Promise<AddressRow | undefined> {
      const [row] = await executor
        .select()
        .from(savedAddresses)
        .where(and(eq(savedAddresses.id, id), eq(savedAddresses.subject, subject)))
      return row
    },

    /**
     * Queues this shopper's address writes behind each other (two tabs adding the first
     * address at once, the limit), for the rest of the transaction; other shoppers never wait.
     */
    async lockAddresses(tx: Transaction, subject: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tavlin:addresses:${subject}`}))`)
    },

    async countAddresses(tx: Transaction, subject: string): Promise<number> {
      const [row] = await tx
        .select({ value: count() })
        .from(savedAddresses)
        .where(eq(savedAddresses.subject, subject))
      return row?.value ?? 0
    },

    async insertAddress(
      tx: Transaction,
      values: AddressValues & { subject: string; isDefault: boolean },
    ): Promise<AddressRow> {
      const [row] = await tx.insert(savedAddresses).values(values).returning()
      return row!
    },

    async updateAddress(
      tx: Transaction,
      subject: string,
      id: string,
      values: AddressValues,
    ): Promise<AddressRow | undefined> {
      const [row] = await tx
        .update(savedAddresses)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(savedAddresses.id, id), eq(savedAddresses.subject, subject)))
        .returning()
      return row
    },

    async deleteAddress(tx: Transaction, subject: string, id: string): Promise<AddressRow | undefined> {
      const [row] = await tx
        .delete(savedAddresses)
        .where(and(eq(savedAddresses.id, id), eq(savedAddresses.subject, subject)))
        .returning()
      return row
    },

    /** Makes `id` the subject's one default: the others lose the mark first (the unique index). */
    async makeDefault(tx: Transaction, subject: string, id: string): Promise<void> {
      await tx
        .update(savedAddresses)
        .set({ isDefault: false })
        .where(
          and(
            eq(savedAddresses.subject, subject),
            ne(savedAddresses.id, id),
            eq(savedAddresses.isDefault, true),
          ),
        )
      await tx
        .update(savedAddresses)
        .set({ isDefault: true })
        .where(and(eq(savedAddresses.subject, subject), eq(savedAddresses.id, id)))
    },
  }
}
