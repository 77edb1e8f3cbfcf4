import { describe, expect, it } from 'vitest'
import { imageSrcSet } from './images.js'

describe('imageSrcSet', () => {
  it('lists every stored width for a sized WebP image', () => {
    expect(imageSrcSet('/uploads/products/berbere-640.webp')).toBe(
      '/uploads/products/berbere-320.webp 320w, /uploads/products/berbere-640.webp 640w, /uploads/products/berbere-960.webp 960w',
    )
    expect(imageSrcSet('https://cdn.example.com/a/b-c-960.webp')).toContain(
      'https://cdn.example.com/a/b-c-320.webp 320w',
    )
  })
  it('gives nothing for any other address', () => {
    expect(imageSrcSet('/uploads/products/berbere.webp')).toBeUndefined()
    expect(imageSrcSet('/uploads/products/berbere-500.webp')).toBeUndefined()
    expect(imageSrcSet('https://example.com/photo-640.jpg')).toBeUndefined()
  })
})
