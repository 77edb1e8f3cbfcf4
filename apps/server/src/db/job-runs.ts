import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from './client.js'
import { jobRuns } from './schema/index.js'

export type ExclusiveRun<T> = { ran: false } | { ran: true; outcome: T }

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/**
 * Runs `work` unless another process runs the same job. The advisory lock only
 * guards the short claim of a lease row; the work itself runs outside any
 * transaction because it calls the payment provider over HTTP (with embedded
 * PGlite, the in-process sandbox would wait for the lock for ever). The lease
 * row doubles as the log of runs.
 */
export async function runExclusive<T extends Record<string, unknown>>(
  db: Database,
  job: string,
  options: { holder: string; leaseSeconds: number },
  work: () => Promise<T>,
): Promise<ExclusiveRun<T>> {
  const runId = await db.transaction(async (tx) => {
    const locked = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`tavlin:${job}`})) as locked`),
    )[0]?.locked
    if (!locked) return null
    const running = await tx
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job), isNull(jobRuns.finishedAt), gt(jobRuns.leaseUntil, sql`now()`)))
      .limit(1)
    if (running.length > 0) return null
    const [row] = await tx
      .insert(jobRuns)
      .values({
        job,
        holder: options.holder,
        leaseUntil: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
      })
      .returning({ id: jobRuns.id })
    return row?.id ?? null
  })
  if (!runId) return { ran: false }
  try {
    const outcome = await work()
    await db
      .update(jobRuns)
      .set({ finishedAt: sql`now()`, outcome })
      .where(eq(jobRuns.id, runId))
    return { ran: true, outcome }
  } catch (error) {
    await db
      .update(jobRuns)
      .set({ finishedAt: sql`now()`, error: (error as Error).message ?? String(error) })
      .where(eq(jobRuns.id, runId))
    throw error
  }
}
