import os from 'node:os'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from './client.js'
import { jobRuns } from './schema/index.js'

export type ExclusiveRun<T> = { ran: false } | { ran: true; outcome: T }

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/** Whether a process of this host still runs (signal 0 only asks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The runs this process has open: the only runs under its own id that are alive. */
const openHere = new Set<string>()

/**
 * Closes the runs that processes of this host left open when they died (killed, out of
 * memory): each would hold its job until its lease ran out, five minutes without payment
 * recovery after a crash (issue 40: the crash test met it on a busy machine). A run under this
 * process's own id that it did not start is dead too (a container's restarted server has the
 * same id). Another host's runs wait for their lease. Older holders, a bare process id, count
 * as this host's.
 */
export async function closeDeadRuns(db: Database, running = isRunning): Promise<number> {
  const open = await db
    .select({ id: jobRuns.id, holder: jobRuns.holder })
    .from(jobRuns)
    .where(and(isNull(jobRuns.finishedAt), gt(jobRuns.leaseUntil, sql`now()`)))
  const dead = open.filter(({ id, holder }) => {
    const [host, pid] = holder.includes(':') ? holder.split(':') : [os.hostname(), holder]
    if (host !== os.hostname() || openHere.has(id)) return false
    return Number(pid) === process.pid || !running(Number(pid))
  })
  for (const run of dead) {
    await db
      .update(jobRuns)
      .set({ finishedAt: sql`now()`, error: 'the process running it stopped' })
      .where(and(eq(jobRuns.id, run.id), isNull(jobRuns.finishedAt)))
  }
  return dead.length
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
  openHere.add(runId)
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
  } finally {
    openHere.delete(runId)
  }
}
