import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Who changed what in the admin area, and when (issue 6). Written after every
 * successful admin write; never updated or deleted by the application.
 */
export const adminActivity = pgTable(
  'admin_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The access token's `sub`. */
    actorSubject: text('actor_subject').notNull(),
    actorEmail: text('actor_email'),
    /** create, update, delete, status */
    action: text('action').notNull(),
    /** product, recipe, package, order */
    entityType: text('entity_type').notNull(),
    /** Text, not a foreign key: the entry outlives a deleted entity. */
    entityId: text('entity_id').notNull(),
    summary: text('summary').notNull(),
  },
  (t) => [
    index('admin_activity_at_idx').on(t.at.desc(), t.id),
    index('admin_activity_entity_idx').on(t.entityType, t.entityId, t.at.desc()),
  ],
)
