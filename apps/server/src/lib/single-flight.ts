/**
 * Calls with the same key made while the first is still running share its promise: one
 * render of a page for all the visits that asked for it at once (decision 297).
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>()

  /** The running call's promise for `key`, if there is one. */
  joined(key: string): Promise<T> | undefined {
    return this.running.get(key)
  }

  run(key: string, task: () => Promise<T>): Promise<T> {
    const running = this.running.get(key)
    if (running) return running
    const started = task().finally(() => this.running.delete(key))
    this.running.set(key, started)
    return started
  }
}
