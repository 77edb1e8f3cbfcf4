/**
 * The browser's Web Locks API (navigator.locks), which jsdom lacks: exclusive locks by name,
 * granted in request order, a pending request given up when its signal aborts, as the
 * platform does. `holdElsewhere` plays another tab that holds a lock until released.
 */
export function fakeLocks() {
  const queues = new Map<string, Array<() => void>>()
  const held = new Set<string>()
  const requests: string[] = []

  function grantNext(name: string) {
    const next = queues.get(name)?.shift()
    if (next) next()
    else held.delete(name)
  }

  function acquire(name: string, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason)
      if (!held.has(name)) {
        held.add(name)
        return resolve()
      }
      const waiter = () => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }
      const onAbort = () => {
        const queue = queues.get(name) ?? []
        queue.splice(queue.indexOf(waiter), 1)
        reject(signal?.reason ?? new DOMException('The request was aborted.', 'AbortError'))
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      queues.set(name, [...(queues.get(name) ?? []), waiter])
    })
  }

  const manager = {
    async request<T>(
      name: string,
      options: { signal?: AbortSignal } | (() => Promise<T>),
      callback?: () => Promise<T>,
    ): Promise<T> {
      const work = (typeof options === 'function' ? options : callback)!
      const signal = typeof options === 'function' ? undefined : options.signal
      requests.push(name)
      await acquire(name, signal)
      try {
        return await work()
      } finally {
        grantNext(name)
      }
    },
    async query() {
      return { held: [...held].map((name) => ({ name })), pending: [] }
    },
  }

  return {
    locks: manager as unknown as LockManager,
    /** Every lock name asked for, in order. */
    requests,
    /** Another tab takes `name` now; the returned function releases it. */
    holdElsewhere(name: string): () => void {
      let release: () => void = () => {}
      void manager.request(name, () => new Promise<void>((resolve) => (release = resolve)))
      return () => release()
    },
  }
}
