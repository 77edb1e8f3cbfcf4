/**
 * One render of a page for all the visits that asked for it at once (decision 297): a visit
 * joins the call running for its key, or leads one of its own. A leader's result is its own
 * (a reply it sent stays its own); the key names the latest leader until that one settles.
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>()

  /** The running call's promise for `key`, if there is one. */
  joined(key: string): Promise<T> | undefined {
    return this.running.get(key)
  }

  /** Runs `task` for this caller, and lets later callers join it while it runs. */
  lead(key: string, task: () => Promise<T>): Promise<T> {
    const started = task().finally(() => {
      if (this.running.get(key) === started) this.running.delete(key)
    })
    this.running.set(key, started)
    return started
  }
}
