import { describe, expect, it } from 'vitest'
import { headElements, largestImage, metaDescription, serializeJsonLd, type PageHead } from './page-head.js'

const head: PageHead = {
  title: 'ברברה | תבלין',
  description: 'תערובת חריפה',
  url: 'https://shop.example/products/1/info',
  isIndexable: true,
  type: 'product',
  image: { url: 'https://shop.example/uploads/products/b-960.webp', alt: 'ברברה' },
  structuredData: { name: 'ברברה' },
  siteName: 'תבלין',
}

describe('serializeJsonLd', () => {
  it('cannot close its script element, and parses back to the same data', () => {
    const data = { name: '</script><script>alert(1)</script> & <!--', line: 'a\u2028b' }
    const json = serializeJsonLd(data)
    expect(json).not.toMatch(/[<>&\u2028]/)
    expect(JSON.parse(json)).toEqual(data)
  })
})

describe('headElements', () => {
  it('gives an indexed page a canonical link and no robots tag', () => {
    const elements = headElements(head)
    expect(elements).toContainEqual({ kind: 'link', rel: 'canonical', href: head.url })
    expect(elements).toContainEqual({
      kind: 'meta',
      attribute: 'property',
      key: 'og:locale',
      content: 'he_IL',
    })
    expect(elements.some((e) => e.kind === 'meta' && e.key === 'robots')).toBe(false)
    expect(elements.at(-1)).toEqual({ kind: 'json-ld', json: '{"name":"ברברה"}' })
  })

  it('gives a private page noindex instead of a canonical link', () => {
    const elements = headElements({ ...head, isIndexable: false })
    expect(elements).toContainEqual({ kind: 'meta', attribute: 'name', key: 'robots', content: 'noindex' })
    expect(elements.some((e) => e.kind === 'link')).toBe(false)
  })
})

describe('metaDescription', () => {
  it('keeps a short text on one line', () => {
    expect(metaDescription('  קמח טף\n ללא   גלוטן ')).toBe('קמח טף ללא גלוטן')
  })
  it('cuts a long text at a word, within 160 characters', () => {
    const cut = metaDescription('מילה '.repeat(60))
    expect(cut.length).toBeLessThanOrEqual(160)
    expect(cut).toMatch(/מילה…$/)
  })
})

describe('largestImage', () => {
  it('picks the widest stored copy of a sized image, and leaves others alone', () => {
    expect(largestImage('/uploads/products/b-640.webp')).toBe('/uploads/products/b-960.webp')
    expect(largestImage('https://cdn.example/p.jpg')).toBe('https://cdn.example/p.jpg')
  })
})
