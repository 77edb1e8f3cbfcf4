import os from 'node:os'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test/build-test-app.js'
import { JOB_HOLDER } from '../lib/job-holder.js'
import type { DatabaseHandle } from './client.js'
import { closeDeadRuns, runExclusive } from './job-runs.js'
import { jobRuns } from './schema/index.js'

/** A process of this host that has stopped; every other id is taken as running. */
const DEAD_PID = 999_999
const running = (pid: number) => pid !== DEAD_PID

describe('job runs a stopped process left open', () => {
  let database: DatabaseHandle
  let drop: () => Promise<void>

  beforeAll(async () => {
    ;({ database, drop } = await openTestDatabase())
  })
  afterAll(async () => {
    await database.close()
    await drop()
  })

  async function openRun(job: string, holder: string): Promise<string> {
    const [row] = await database.db
      .insert(jobRuns)
      .values({ job, holder, leaseUntil: sql`now() + interval '5 minutes'` })
      .returning({ id: jobRuns.id })
    return row!.id
  }
  const runs = (job: string) =>
    runExclusive(database.db, job, { holder: JOB_HOLDER, leaseSeconds: 300 }, async () => ({}))

  it('are closed at start-up, so the job runs again at once instead of after its lease', async () => {
    await openRun('killed-here', `${os.hostname()}:${DEAD_PID}`)
    await openRun('killed-before-restart', JOB_HOLDER)
    await openRun('older-holder', String(DEAD_PID))
    await openRun('other-host', 'another-host:1')
    await openRun('alive-here', `${os.hostname()}:${process.pid + 1}`)
    expect((await runs('killed-here')).ran).toBe(false)

    expect(await closeDeadRuns(database.db, running)).toBe(3)
    for (const job of ['killed-here', 'killed-before-restart', 'older-holder']) {
      expect((await runs(job)).ran, job).toBe(true)
    }
    // Another host's process, or a live one here, may still be running its job.
    for (const job of ['other-host', 'alive-here']) expect((await runs(job)).ran, job).toBe(false)
    const [closed] = await database.db.select().from(jobRuns).where(eq(jobRuns.job, 'killed-here'))
    expect(closed!.error).toBe('the process running it stopped')
  })

  it('never closes a run this process is in the middle of', async () => {
    let finish!: () => void
    const inFlight = runExclusive(
      database.db,
      'in-flight',
      { holder: JOB_HOLDER, leaseSeconds: 300 },
      () => new Promise<Record<string, never>>((resolve) => (finish = () => resolve({}))),
    )
    await expect
      .poll(async () => (await database.db.select().from(jobRuns).where(eq(jobRuns.job, 'in-flight'))).length)
      .toBe(1)
    expect(await closeDeadRuns(database.db, running)).toBe(0)
    expect((await runs('in-flight')).ran).toBe(false)
    finish()
    expect((await inFlight).ran).toBe(true)
  })
})
