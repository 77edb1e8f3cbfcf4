import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * Every image stored through the upload endpoint, with the storage keys of all its
 * widths. An entity keeps only the url; this row says which files belong to it, so
 * they can be removed once no product, recipe or package uses the url (decision 080).
 * Images the seed draws are not uploads and have no row here.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The random id in the file names (`<folder>/<id>-<width>.webp`). */
    id: text('id').primaryKey(),
    folder: text('folder').notNull(),
    /** The address entities store (the 640 width). */
    url: text('url').notNull(),
    keys: text('keys').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_url_idx').on(t.url), index('uploads_created_at_idx').on(t.createdAt)],
)
