import { describe, expect, it } from 'vitest'
import { clusterSharedFiles, type SharedFile } from './shared-file-clusters'

const COSTS = { fileCost: 8_000, maxExtraBytes: 8_000 }

function file(name: string, bytes: number, users: string[], imports: string[] = []): SharedFile {
  return { name, bytes, users: new Set(users), imports: new Set(imports) }
}

function sorted(clusters: string[][]): string[][] {
  return clusters.map((names) => [...names].sort()).sort((a, b) => a[0]!.localeCompare(b[0]!))
}

describe('clusterSharedFiles', () => {
  it('merges files that the same pages load', () => {
    const files = [
      file('card.js', 900, ['products', 'product', 'recipe']),
      file('price.js', 300, ['products', 'product', 'recipe']),
      file('stars.js', 500, ['products', 'product', 'recipe']),
    ]

    expect(sorted(clusterSharedFiles(files, COSTS))).toEqual([['card.js', 'price.js', 'stars.js']])
  })

  it('merges a file some pages do not use while what they load unused stays small', () => {
    const files = [
      file('card.js', 900, ['products', 'product', 'recipe']),
      file('search.js', 700, ['products', 'product']),
    ]

    expect(sorted(clusterSharedFiles(files, COSTS))).toEqual([['card.js', 'search.js']])
  })

  it('keeps apart files whose merge would make a page load more than it may of what it does not use', () => {
    const files = [
      file('page-shell.js', 400, ['about', 'products', 'contact', 'checkout']),
      file('forms.js', 9_000, ['products', 'contact', 'checkout']),
    ]

    expect(sorted(clusterSharedFiles(files, COSTS))).toEqual([['forms.js'], ['page-shell.js']])
  })

  it('counts what a merged file imports as loaded by every page that loads it', () => {
    // The envelope is small, but merged with the page shell it would bring zod to /about.
    const forms = ['products', 'contact', 'checkout', 'events', 'recipes']
    const files = [
      file('page-shell.js', 400, ['about', ...forms]),
      file('envelope.js', 300, forms, ['zod.js']),
      file('zod.js', 7_900, [...forms, 'review', 'account']),
    ]

    const clusters = sorted(clusterSharedFiles(files, COSTS))

    expect(clusters.find((names) => names.includes('page-shell.js'))).toEqual(['page-shell.js'])
  })

  it('does not merge two files when a third between them would then import the merged one', () => {
    // a imports b and b imports c: a and c merged would import b, which would import them.
    const files = [
      file('a.js', 100, ['p', 'q'], ['b.js']),
      file('b.js', 100, ['x', 'y'], ['c.js']),
      file('c.js', 100, ['p', 'q']),
    ]

    expect(sorted(clusterSharedFiles(files, COSTS))).toEqual([['a.js'], ['b.js'], ['c.js']])
  })

  it('leaves files no page loads together as they are', () => {
    const files = [file('a.js', 100, ['p', 'q']), file('b.js', 100, ['r', 's'])]

    expect(sorted(clusterSharedFiles(files, COSTS))).toEqual([['a.js'], ['b.js']])
  })
})
