import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * Visitor form submissions (DESIGN §5: every submission is stored with its time).
 * Each form has its own table: the admin lists and the mails read typed columns.
 */

/** One row per address: subscribing again updates it (the unique index is on the lower-cased address). */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    /** Lower-cased, so Noa@X and noa@x are one subscriber. */
    email: text('email').notNull(),
    city: text('city').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_idx').on(t.email),
    index('newsletter_subscribers_created_idx').on(t.createdAt.desc(), t.id),
  ],
)

export const earlyAdopters = pgTable(
  'early_adopters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    phone: text('phone').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('early_adopters_created_idx').on(t.createdAt.desc(), t.id)],
)

export const eventInquiries = pgTable(
  'event_inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    eventDescription: text('event_description').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an administrator marked it answered; null is the dashboard's "to answer". */
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('event_inquiries_created_idx').on(t.createdAt.desc(), t.id)],
)

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc(), t.id)],
)
