import { performance } from 'node:perf_hooks'

export type ThreadPaceOptions = {
  /** The share of the thread's time above which work waits (0–1). */
  share?: number
  /** How often the thread's use is looked at, in ms: also the longest a burst of starts can be. */
  tickMs?: number
  /** The longest anything waits, in ms, however busy the thread stays. */
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
 * Work that waited `maxWaitMs` starts anyway (one per tick), so a render is never held back
 * for long by the shop's own busy moments. The timer runs only while something waits.
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
    if (first && (!busy || Date.now() - first.since >= this.maxWaitMs)) {
      this.waiting.shift()
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
