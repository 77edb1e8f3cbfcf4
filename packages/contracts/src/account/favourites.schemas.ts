import { z } from 'zod'
import { IdSchema } from '../common/ids.js'
import { ItemTypeSchema } from '../orders/order.schemas.js'

/**
 * Favourites (issue 36, decision 273): a heart on a product or a package. A guest's stay in
 * the browser; a signed-in shopper's on the server, the browser's merged in at sign-in.
 */

/** How many favourites one merge may bring (a guest's list from the browser). */
export const MAX_FAVOURITES_MERGE = 200

/** Which item a favourite is: a product (all its sizes) or a package. */
export const FavouriteRefSchema = z.object({ itemType: ItemTypeSchema, itemId: IdSchema })
export type FavouriteRef = z.infer<typeof FavouriteRefSchema>

/** PUT and DELETE /api/account/favourites/{itemType}/{itemId}. */
export const FavouriteParamsSchema = FavouriteRefSchema

/** POST /api/account/favourites/merge: the browser's list, kept where the item still exists. */
export const FavouritesMergeSchema = z.object({
  items: z.array(FavouriteRefSchema).max(MAX_FAVOURITES_MERGE),
})
export type FavouritesMerge = z.infer<typeof FavouritesMergeSchema>

/** A favourite as /account shows it: today's name, picture, price of each size and units left. */
export const FavouriteSchema = z.object({
  itemId: z.string(),
  itemType: ItemTypeSchema,
  name: z.string(),
  image: z.string(),
  sizes: z.array(
    z.object({
      /** The product's size name; `package` for a package (PACKAGE_SIZE). */
      size: z.string(),
      /** Today's unit price, in shekels. */
      price: z.number(),
      /** Units left; null: not tracked. */
      stock: z.number().int().nullable(),
    }),
  ),
  addedAt: z.string(),
})
export type Favourite = z.infer<typeof FavouriteSchema>

/** The shopper's favourites, the newest first; items deleted from the catalogue are left out. */
export const FavouriteListSchema = z.object({ items: z.array(FavouriteSchema) })
export type FavouriteList = z.infer<typeof FavouriteListSchema>
