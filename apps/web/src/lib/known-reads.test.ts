import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { KnownReads, trackQueriesUsed } from './known-reads'

describe('the reads a server render of an address used', () => {
  it('counts the queries read since the last reset, found in the cache or not', async () => {
    const client = new QueryClient()
    const reads = trackQueriesUsed(client)
    await client.fetchQuery({ queryKey: ['a'], queryFn: () => 1 })
    reads.reset()
    await client.fetchQuery({ queryKey: ['a'], queryFn: () => 1, staleTime: Infinity })
    await client.fetchQuery({ queryKey: ['b'], queryFn: () => 2 })
    expect(reads.used().map((query) => query.queryKey)).toEqual([['a'], ['b']])
  })

  it('remembers the answered reads of an address, to fetch them all before its next render', async () => {
    const client = new QueryClient()
    const reads = trackQueriesUsed(client)
    await client.fetchQuery({ queryKey: ['product', 1], queryFn: () => ({ name: 'כמון' }) })
    await client
      .fetchQuery({ queryKey: ['broken'], queryFn: () => Promise.reject(new Error('down')) })
      .catch(() => {})
    const known = new KnownReads()
    known.remember('/products/1', reads.used())
    const [read, ...rest] = known.forAddress('/products/1')
    expect(rest).toEqual([])
    expect(read?.queryKey).toEqual(['product', 1])
    const next = new QueryClient()
    const query = next.getQueryCache().build(next, read!)
    await query.fetch()
    expect(next.getQueryData(['product', 1])).toEqual({ name: 'כמון' })
    expect(known.forAddress('/recipes/1')).toEqual([])
  })

  it('forgets the least recently rendered address past its bound', async () => {
    const client = new QueryClient()
    const reads = trackQueriesUsed(client)
    await client.fetchQuery({ queryKey: ['x'], queryFn: () => 1 })
    const known = new KnownReads(2)
    for (const address of ['/a', '/b', '/c']) known.remember(address, reads.used())
    known.remember('/b', reads.used())
    known.remember('/d', reads.used())
    expect(['/a', '/b', '/c', '/d'].map((address) => known.forAddress(address).length)).toEqual([0, 1, 0, 1])
  })
})
