import { describe, expect, it } from 'vitest'
import { PageCache } from './page-cache.js'

const KB = 1024
const page = (kilobytes: number, mark = 'x') => Buffer.alloc(kilobytes * KB, mark)

describe('the page cache, bounded by bytes (issue 38)', () => {
  it('keeps as many small pages as fit, however many addresses that is', () => {
    const cache = new PageCache({ maxBytes: 1024 * KB })
    for (let i = 0; i < 1000; i++) cache.put(1, `/products/${i}`, 0, false, page(1), `"${i}"`)
    expect(cache.size).toEqual({ entries: 1000, bytes: 1000 * KB })
    expect(cache.lookup(1, '/products/0').page?.etag).toBe('"0"')
  })

  it('lets the least recently used pages go until the bytes fit, never above the bound', () => {
    const cache = new PageCache({ maxBytes: 100 * KB })
    cache.put(1, '/a', 0, false, page(10), '"a"')
    cache.put(1, '/b', 0, false, page(10), '"b"')
    cache.put(1, '/c', 0, false, page(10), '"c"')
    // /a was asked for again: /b is now the least recently used.
    expect(cache.lookup(1, '/a').page).toBeDefined()
    for (let i = 0; i < 9; i++) cache.put(1, `/big/${i}`, 0, false, page(10), `"big${i}"`)
    expect(cache.size.bytes).toBeLessThanOrEqual(100 * KB)
    expect(cache.lookup(1, '/b').page).toBeUndefined()
    expect(cache.lookup(1, '/c').page).toBeUndefined()
    expect(cache.lookup(1, '/a').page?.etag).toBe('"a"')
    expect(cache.size).toEqual({ entries: 10, bytes: 100 * KB })
  })

  it('counts a page by its length, so one big page costs several small ones', () => {
    const cache = new PageCache({ maxBytes: 64 * KB })
    for (let i = 0; i < 8; i++) cache.put(1, `/small/${i}`, 0, false, page(4), `"s${i}"`)
    for (let i = 0; i < 4; i++) cache.put(1, `/big/${i}`, 0, false, page(8), `"b${i}"`)
    expect(cache.size).toEqual({ entries: 12, bytes: 64 * KB })
    // One more big page: two small ones make room for it, not one.
    cache.put(1, '/big/4', 0, false, page(8), '"b4"')
    expect(cache.size).toEqual({ entries: 11, bytes: 64 * KB })
    expect(cache.lookup(1, '/small/0').page).toBeUndefined()
    expect(cache.lookup(1, '/small/1').page).toBeUndefined()
    expect(cache.lookup(1, '/small/2').page).toBeDefined()
  })

  it('counts the compressed forms against the same bound', async () => {
    const cache = new PageCache({ maxBytes: 1024 * KB })
    const kept = cache.put(1, '/a', 0, false, Buffer.from('תבלין '.repeat(2000)), '"a"')
    const plain = cache.size.bytes
    expect(plain).toBe(kept.body.length)
    const br = await cache.encode(kept, 'br')
    // The count is made once the compression has ended (a promise callback after it).
    await Promise.resolve()
    expect(cache.size.bytes).toBe(plain + br.length)
  })

  it('keeps pages of earlier versions aside within the same bound, and lets them go first', () => {
    const cache = new PageCache({ maxBytes: 80 * KB })
    const withSource = (version: number, url: string) => {
      const kept = cache.put(version, url, 0, false, page(10), `"${url}"`)
      kept.source = { reads: [{ address: `/api${url}`, tag: '200 x' }], head: '' }
    }
    for (let i = 0; i < 8; i++) withSource(1, `/first/${i}`)
    // Version 2: the eight wait aside (80 KB); four new pages push out the four oldest of them.
    for (let i = 0; i < 4; i++) withSource(2, `/second/${i}`)
    expect(cache.size).toEqual({ entries: 4, bytes: 40 * KB })
    expect(cache.previous(2, '/first/3')).toBeUndefined()
    expect(cache.previous(2, '/first/4')?.etag).toBe('"/first/4"')
    expect(cache.previous(2, '/first/7')?.etag).toBe('"/first/7"')
    // Version 3: the second version's wait aside too, and the first's go before them.
    expect(cache.lookup(3, '/second/0').page).toBeUndefined()
    for (let i = 0; i < 4; i++) withSource(3, `/third/${i}`)
    expect(cache.previous(3, '/first/7')).toBeUndefined()
    expect(cache.previous(3, '/second/0')?.etag).toBe('"/second/0"')
    expect(cache.previous(3, '/second/3')?.etag).toBe('"/second/3"')
  })
})
