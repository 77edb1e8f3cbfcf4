import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The shop's own settings, edited in the admin area (issue 18). One row per key:
 * `business-details` holds the owner's legal details (fields left empty show demo values).
 */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The owner's Markdown for a legal page (accessibility, terms, privacy, shipping); no row = the shop's own text. */
export const legalPages = pgTable('legal_pages', {
  page: text('page').primaryKey(),
  markdown: text('markdown').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
