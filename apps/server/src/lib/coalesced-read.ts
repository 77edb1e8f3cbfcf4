/**
 * Shares one read among concurrent callers without ever answering a caller with a
 * read that began before the caller asked. A caller that arrives while a read is in
 * flight waits for the next one, which starts once the current one settles; all
 * callers arriving meanwhile share it. Under N concurrent requests this costs about
 * one read per read-latency instead of N, and each answer still reflects every write
 * committed before its caller arrived (read-your-writes across server processes).
 */
export function coalescedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined
  let queued: Promise<T> | undefined

  const launch = (): Promise<T> => {
    const current = read().finally(() => {
      if (inFlight === current) inFlight = undefined
    })
    inFlight = current
    return current
  }

  return () => {
    if (!inFlight) return launch()
    queued ??= inFlight
      .catch(() => undefined)
      .then(() => {
        queued = undefined
        return launch()
      })
    return queued
  }
}
