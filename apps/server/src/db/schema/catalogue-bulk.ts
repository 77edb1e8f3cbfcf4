import type { BulkAction, BulkProductState } from '@tavlin/contracts'
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** One product's fields before and after a bulk change (decision 291). */
export type BulkChangedProduct = {
  id: string
  name: string
  before: BulkProductState
  after: BulkProductState
}

/**
 * The admin's bulk changes of the products (issue 37, decision 291): what each did, product by
 * product, so the latest can be undone once. No foreign key: a product deleted since is skipped.
 */
export const catalogueBulkChanges = pgTable(
  'catalogue_bulk_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor'),
    action: jsonb('action').$type<BulkAction>().notNull(),
    products: jsonb('products').$type<BulkChangedProduct[]>().notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('catalogue_bulk_changes_created_idx').on(t.createdAt)],
)
