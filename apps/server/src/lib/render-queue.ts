import type { ThreadPace } from './thread-pace.js'

/**
 * Renders of pages not yet kept, a few at a time, with a bounded line behind them (decision
 * 272). A render is a few milliseconds of the one thread plus its reads: run forty at once and
 * every request, checkout's too, waits behind them. A slot freed is handed to the first in
 * line directly, so no newcomer slips in between and the bound holds. With a `pace`, a render
 * given a slot while another is in progress starts in a quiet moment of the thread (decision
 * 297), holding its slot meanwhile.
 */
export class RenderQueue {
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(
    readonly atOnce: number,
    readonly maxWaiting: number,
    private readonly pace?: ThreadPace,
  ) {}

  /** The task's result once it has run, or undefined at once when the line is full. */
  tryRun<T>(task: () => Promise<T>): Promise<T> | undefined {
    if (this.running < this.atOnce) {
      this.running += 1
      return this.execute(task)
    }
    if (this.waiting.length >= this.maxWaiting) return undefined
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => this.execute(task))
  }

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  private async execute<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await (this.pace ? this.pace.run(task) : task())
    } finally {
      const next = this.waiting.shift()
      // The slot passes to the next in line; `running` stays as it is.
      if (next) next()
      else this.running -= 1
    }
  }
}
