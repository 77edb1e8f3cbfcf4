import { and, desc, eq } from 'drizzle-orm'
import type { ItemType } from '@tavlin/contracts'
import type { Database } from '../../db/client.js'
import { favourites } from '../../db/schema/index.js'

export type FavouriteRow = typeof favourites.$inferSelect
export type FavouriteKey = { itemId: string; itemType: ItemType }

/** A shopper's favourites (issue 36, decision 273); every query is scoped by the subject. */
export function createFavouritesRepository(db: Database) {
  return {
    /** The newest first. */
    async list(subject: string): Promise<FavouriteRow[]> {
      return db
        .select()
        .from(favourites)
        .where(eq(favourites.subject, subject))
        .orderBy(desc(favourites.createdAt), desc(favourites.itemId))
    },

    /** Adds the items not there yet; one already there keeps its place (its date). */
    async add(subject: string, items: FavouriteKey[]): Promise<void> {
      if (items.length === 0) return
      await db
        .insert(favourites)
        .values(items.map((item) => ({ subject, itemId: item.itemId, itemType: item.itemType })))
        .onConflictDoNothing()
    },

    async remove(subject: string, item: FavouriteKey): Promise<void> {
      await db
        .delete(favourites)
        .where(
          and(
            eq(favourites.subject, subject),
            eq(favourites.itemId, item.itemId),
            eq(favourites.itemType, item.itemType),
          ),
        )
    },
  }
}
export type FavouritesRepository = ReturnType<typeof createFavouritesRepository>
