import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * Shopper accounts (issue 22, decision 230). Keyed by the identity provider's subject
 * (`sub`), not by e-mail, so accounts of an external issuer (Auth0, Keycloak) work the same
 * as the built-in provider's, and an e-mail change at the provider moves nothing here.
 */
export const shopperProfiles = pgTable('shopper_profiles', {
  subject: text('subject').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** 05XXXXXXXX, like checkout's (decision 225). */
  phone: text('phone'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The addresses a shopper keeps for checkout: exactly one is the default while there are any. */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    label: text('label'),
    street: text('street').notNull(),
    streetNum: text('street_num').notNull(),
    /** As the localities list names it (decision 227). */
    city: text('city').notNull(),
    postalCode: text('postal_code'),
    entrance: text('entrance'),
    floor: text('floor'),
    apartment: text('apartment'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_addresses_subject_idx').on(t.subject, t.createdAt),
    // At most one default per shopper, whatever the service does; "at least one" is the service's rule.
    uniqueIndex('saved_addresses_one_default_idx')
      .on(t.subject)
      .where(sql`${t.isDefault}`),
  ],
)

/**
 * A shopper's favourites (issue 36, decision 273): a product (all its sizes) or a package,
 * once per account. No foreign key: an item deleted from the catalogue drops out of the list.
 */
export const favourites = pgTable(
  'favourites',
  {
    subject: text('subject').notNull(),
    itemId: uuid('item_id').notNull(),
    itemType: text('item_type', { enum: ['Product', 'Package'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favourites_subject_item_idx').on(t.subject, t.itemId, t.itemType),
    index('favourites_subject_created_idx').on(t.subject, t.createdAt),
    check('favourites_item_type_check', sql`${t.itemType} IN ('Product', 'Package')`),
  ],
)
