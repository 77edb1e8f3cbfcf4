import { performance } from 'node:perf_hooks'

export type ThreadPaceOptions = {
  /** The share of the thread's time above which work waits (0–1). */
  share?: number
  /** How often, in ms, the thread's use is looked at while work waits: at most one start each time. */
  tickMs?: number
  /** While the thread stays busy, one waiting piece of work starts every so many ms. */
  maxWaitMs?: number
  /** How many may wait through `tryRun`: past it, the caller answers at once instead. */
  maxWaiting?: number
  /** The thread's use since the last call, 0–1 (the event loop's, by default); for tests. */
  utilization?: () => number
}

/**
 * Work that can wait (renders of pages not kept, and answers to searches finding nothing:
 * decision 297), paced to the one JavaScript thread. Work that finds none of its kind in
 * progress starts at once: one visitor's page after a write costs no more than before. Work
 * that finds some waits for a quiet moment: at most one start per tick, and only after a tick
 * in which the thread was busy less than `share` of the time. A flood of such work then takes
 * what the thread has spare, and a shopper's request never finds a row of renders ahead of it.
 * While the thread stays busy, the work that waited longest starts once `maxWaitMs` have
 * passed since it came and since the last start, so the shop's own busy moments slow renders
 * but never stop them. The timer runs only while something waits.
 */
export class ThreadPace {
  private readonly share: number
  private readonly tickMs: number
  private readonly maxWaitMs: number
  private readonly maxWaiting: number
  private readonly utilization: () => number
  private readonly waiting: Array<{ since: number; start: () => void }> = []
  private timer: NodeJS.Timeout | undefined
  private inProgress = 0
  private lastStart = 0

  constructor(options: ThreadPaceOptions = {}) {
    this.share = options.share ?? 0.5
    this.tickMs = options.tickMs ?? 5
    this.maxWaitMs = options.maxWaitMs ?? 250
    this.maxWaiting = options.maxWaiting ?? 64
    this.utilization = options.utilization ?? eventLoopUtilization()
  }

  /**
   * `task`'s result: at once when no other paced work is in progress, else once the thread is
   * quiet. Always accepted: for work a line of its own bounds (the render line).
   */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.inProgress > 0 || this.waiting.length > 0) await this.whenQuiet()
    else this.lastStart = Date.now()
    this.inProgress += 1
    try {
      return await task()
    } finally {
      this.inProgress -= 1
    }
  }

  /**
   * As `run`, or undefined at once when `maxWaiting` already wait: for work no line bounds
   * (each waiting request holds a connection), which the caller then answers cheaply.
   */
  tryRun<T>(task: () => Promise<T>): Promise<T> | undefined {
    if (this.waiting.length >= this.maxWaiting) return undefined
    return this.run(task)
  }

  /** Resolves when the work may start. */
  private whenQuiet(): Promise<void> {
    return new Promise((start) => {
      this.waiting.push({ since: Date.now(), start })
      if (!this.timer) {
        // The first window starts now: what the thread did before anything waited is not counted.
        this.utilization()
        this.timer = setInterval(() => this.tick(), this.tickMs)
      }
    })
  }

  get waitingCount(): number {
    return this.waiting.length
  }

  private tick(): void {
    const busy = this.utilization() >= this.share
    const first = this.waiting[0]
    // While the thread stays busy, one start per `maxWaitMs` in all: not one per tick, which
    // on a thread never quiet (PGlite's queries run on it too) would pace nothing.
    const overdue =
      first !== undefined && Date.now() - Math.max(first.since, this.lastStart) >= this.maxWaitMs
    if (first && (!busy || overdue)) {
      this.waiting.shift()
      this.lastStart = Date.now()
      first.start()
    }
    if (this.waiting.length === 0) {
      clearInterval(this.timer)
      this.timer = undefined
    }
  }
}

/** The event loop's utilization between one call and the next. */
function eventLoopUtilization(): () => number {
  let last = performance.eventLoopUtilization()
  return () => {
    const now = performance.eventLoopUtilization()
    const window = performance.eventLoopUtilization(now, last)
    last = now
    return window.utilization
  }
}

/**
 * Lets the requests already waiting on the thread in before going on. On PGlite a query is
 * answered within the same task: without this, a render or a search was one task from start
 * to end, never in progress beside another, and nothing could be paced (decision 297).
 */
export function letWaitingRequestsIn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}
