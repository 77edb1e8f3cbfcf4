/**
 * `load` run once, on the first call, its promise shared by every caller: for what a start
 * need not wait for (a library a few requests use, docs/decisions/165). Calls that arrive
 * while it runs wait for the same promise. A failure is not kept: the next call tries again,
 * so one bad moment (a full disk, a dropped connection) does not break the feature for good.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null
      throw error
    })
    return pending
  }
}
