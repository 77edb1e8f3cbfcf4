import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import type { Database, Schema } from './client.js'
import { runExclusive, type ExclusiveRun } from './job-runs.js'

/** An open transaction of either engine, as `Database.transaction` hands it out. */
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>

/**
 * Where a repository method reads and writes: the database itself, or a transaction a
 * service opened so that changes in several modules commit together (decision 181).
 * Repository methods that take part in a caller's unit of work accept one of these.
 */
export type Executor = Database | Transaction

/** Runs `work` in one transaction: everything written through `tx` commits, or none of it. */
export function runInTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work)
}

/**
 * What a service holds instead of the database: it can open a transaction and hand the
 * `tx` to repositories (its own and other modules'), and run a job that only one process
 * may run at a time; it cannot query.
 */
export type UnitOfWork = {
  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T>
  runExclusive<T extends Record<string, unknown>>(
    job: string,
    options: { holder: string; leaseSeconds: number },
    work: () => Promise<T>,
  ): Promise<ExclusiveRun<T>>
}

export function createUnitOfWork(db: Database): UnitOfWork {
  return {
    run: (work) => runInTransaction(db, work),
    runExclusive: (job, options, work) => runExclusive(db, job, options, work),
  }
}
