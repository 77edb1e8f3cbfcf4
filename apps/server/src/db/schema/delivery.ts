import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/** A zone as stored: the fee in agorot, cities as the localities list names them. */
export type StoredDeliveryZone = {
  name: string
  priceAgorot: number
  cities: string[]
  everywhereElse: boolean
}

/**
 * The owner's delivery methods (issue 19, decision 228): home delivery priced per zone of
 * cities, or pickup from the shop. The zones are one validated document per method: they
 * are read and written with it, never queried on their own.
 */
export const deliveryMethods = pgTable(
  'delivery_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['delivery', 'pickup'] }).notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    daysMin: integer('days_min').notNull(),
    daysMax: integer('days_max').notNull(),
    freeAboveAgorot: integer('free_above_agorot'),
    zones: jsonb('zones').$type<StoredDeliveryZone[]>().notNull().default([]),
    pickupAddress: text('pickup_address'),
    openingHours: text('opening_hours'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('delivery_methods_days', sql`${t.daysMin} >= 0 AND ${t.daysMin} <= ${t.daysMax}`),
    check('delivery_methods_free_above_positive', sql`${t.freeAboveAgorot} > 0`),
  ],
)

/** Localities the shop does not deliver to (pickup is still offered), one row each. */
export const deliveryExcludedCities = pgTable('delivery_excluded_cities', {
  city: text('city').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The couriers the owner sends parcels with (issue 41): a name and the courier's public
 * tracking address with `{number}` where the tracking number goes. Israel Post is added by
 * migration 0022; the owner may remove it or add others. Orders keep their own copy.
 */
export const couriers = pgTable(
  'couriers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    urlPattern: text('url_pattern').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('couriers_name_idx').on(sql`lower(${t.name})`)],
)
