/** Everything reachable from `from` by `next`, `from` included. */
export function reachable<T>(from: Iterable<T>, next: (item: T) => Iterable<T>): Set<T> {
  const found = new Set<T>()
  const queue = [...from]
  while (queue.length > 0) {
    const item = queue.pop()!
    if (found.has(item)) continue
    found.add(item)
    queue.push(...next(item))
  }
  return found
}
