import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../config/env.js'
import type { createOrdersService } from '../modules/orders/orders.service.js'
import type { createUploadsService } from '../modules/uploads/uploads.service.js'
import type { createBackupJob } from '../db/backup/backup.js'
import type { CartRemindersService } from '../modules/cart-reminders/index.js'

/** The background jobs, callable directly (tests, an operator's script); the timers call the same. */
export type AppJobs = {
  reconcilePayments(now?: Date): ReturnType<ReturnType<typeof createOrdersService>['reconcile']>
  deliverMail(): Promise<{ sent: number; failed: number }>
  sweepUploads(now?: Date): ReturnType<ReturnType<typeof createUploadsService>['sweepUnused']>
  /** Forgets e-mailed confirmations a month after their links ran out (decision 237). */
  purgeConfirmations(now?: Date): Promise<number>
  /** Mails the back-in-stock alerts whose size has units again; drops those of deleted items (decision 277). */
  sendStockAlerts(): Promise<{ sent: number; dropped: number }>
  /** The daily backup into BACKUP_DIR (decision 121); nothing when it is unset or the newest is recent. */
  backup(now?: Date): ReturnType<ReturnType<typeof createBackupJob>>
  /** Sends the one reminder of each checkout left half-way that is due (decision 282); nothing while off. */
  sendCartReminders(now?: Date): ReturnType<CartRemindersService['sendDue']>
  /** The review e-mails of orders delivered the owner's number of days ago, once each (decision 281). */
  requestReviews(now?: Date): Promise<{ sent: number }>
  /** Frees the jobs a dead process of this host left held (db/job-runs.ts): how many runs it closed. */
  closeDeadRuns(): Promise<number>
}

type BackgroundJob = { name: string; everySeconds: number; run: () => Promise<unknown> }

/** The timers that run the jobs: reconcile, mail outbox, upload sweep and, when configured, the backup. */
export function scheduleAppJobs(app: FastifyInstance, config: AppConfig, jobs: AppJobs): void {
  startBackgroundJobs(
    app,
    config,
    [
      {
        name: 'reconcile-payments',
        everySeconds: config.reconcileIntervalSeconds,
        run: () => jobs.reconcilePayments(),
      },
      // Mail goes out soon after payment; the outbox claim keeps processes apart.
      {
        name: 'mail-outbox',
        everySeconds: Math.min(config.reconcileIntervalSeconds, 10),
        run: () => jobs.deliverMail(),
      },
      // A size back on the shelf is mailed to those waiting within seconds (decision 277).
      {
        name: 'stock-alerts',
        everySeconds: Math.min(config.reconcileIntervalSeconds, 10),
        run: () => jobs.sendStockAlerts(),
      },
      // Uploads no entity uses, past their day of grace (docs/decisions/080).
      { name: 'sweep-uploads', everySeconds: 3600, run: () => jobs.sweepUploads() },
      { name: 'purge-confirmations', everySeconds: 3600, run: () => jobs.purgeConfirmations() },
      // The delay is in hours: a look every five minutes is on time enough.
      { name: 'cart-reminders', everySeconds: 300, run: () => jobs.sendCartReminders() },
      {
        name: 'request-reviews',
        everySeconds: config.reviewRequestIntervalSeconds,
        run: () => jobs.requestReviews(),
      },
      // Looks every hour; writes when the newest backup is a day old.
      ...(config.backup.dir ? [{ name: 'backup', everySeconds: 3600, run: () => jobs.backup() }] : []),
    ],
    jobs.closeDeadRuns,
  )
}

/**
 * Jobs start when the app is ready, once the runs a crashed process left open are closed; only
 * when configured (tests call the services instead); they stop on close.
 */
function startBackgroundJobs(
  app: FastifyInstance,
  config: AppConfig,
  jobs: BackgroundJob[],
  closeDeadRuns: () => Promise<number>,
): void {
  if (config.reconcileIntervalSeconds <= 0) return
  const timers: NodeJS.Timeout[] = []
  const running = new Set<Promise<unknown>>()
  app.addHook('onReady', async () => {
    const closed = await closeDeadRuns()
    if (closed > 0) app.log.warn({ closed }, 'closed the job runs of a server process that stopped')
    for (const job of jobs) {
      let busy = false
      const timer = setInterval(() => {
        if (busy) return
        busy = true
        const run = job
          .run()
          .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'background job failed'))
          .finally(() => {
            busy = false
            running.delete(run)
          })
        running.add(run)
      }, job.everySeconds * 1000)
      timers.push(timer)
    }
  })
  app.addHook('preClose', async () => {
    for (const timer of timers) clearInterval(timer)
    await Promise.allSettled([...running])
  })
}
