import type { Query, QueryClient } from '@tanstack/react-query'

/** A read as its query was made: key, function and cache options. */
export type Read = Query['options'] & { queryKey: Query['queryKey'] }

/**
 * The reads each address's last server render used, so the next render of that address
 * (after a catalogue write, the page cache's only misses but the first) fetches them all at
 * once before rendering, instead of discovering them one render pass at a time
 * (docs/decisions/153). What the page reads depends on the page only, never on the data's
 * values, except where one read's answer names the next (a recipe's ingredients): a read
 * that was not foreseen is still found by the render and fetched in a further pass, and one
 * no longer used is dropped from the address's list and from the page's state.
 */
export class KnownReads {
  private readonly byAddress = new Map<string, Read[]>()

  constructor(private readonly maxAddresses = 1000) {}

  /** The reads to fetch before the first render of `address`. */
  forAddress(address: string): Read[] {
    return this.byAddress.get(address) ?? []
  }

  /** Remembers what the final render of `address` read (and had an answer for). */
  remember(address: string, used: Query[]): void {
    const reads = used
      .filter((query) => query.state.status === 'success')
      .map((query) => ({ ...query.options, queryKey: query.queryKey }))
    this.byAddress.delete(address)
    this.byAddress.set(address, reads)
    // Oldest first: a crawler's thousand addresses do not grow it without end.
    while (this.byAddress.size > this.maxAddresses) {
      const oldest = this.byAddress.keys().next().value
      if (oldest === undefined) break
      this.byAddress.delete(oldest)
    }
  }
}

/**
 * The queries a render reads, whether the cache had them or not: every read of a render goes
 * through the query cache's `build` (useQuery, useSuspenseQuery, fetchQuery alike). Returns
 * the queries built since the last `reset`.
 */
export function trackQueriesUsed(queryClient: QueryClient): { reset(): void; used(): Query[] } {
  const cache = queryClient.getQueryCache()
  const build = cache.build.bind(cache)
  let used = new Map<string, Query>()
  cache.build = ((...args: Parameters<typeof build>) => {
    const query = build(...args)
    used.set(query.queryHash, query as Query)
    return query
  }) as typeof cache.build
  return {
    reset: () => {
      used = new Map()
    },
    used: () => [...used.values()],
  }
}
