import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** One row per run of a background job: the log of runs and the lease that keeps runs apart. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    job: text('job').notNull(),
    holder: text('holder').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** A run that has not finished by then is considered dead; another process may start. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    error: text('error'),
  },
  (t) => [index('job_runs_job_started_idx').on(t.job, t.startedAt.desc())],
)
