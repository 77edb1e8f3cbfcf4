import { describe, expect, it } from 'vitest'
import { mailImage } from './order-mail-views.js'

describe("an order line's picture in the mails", () => {
  it("takes the image pipeline's 320 px width, as an absolute address", () => {
    expect(mailImage('/uploads/products/berbere-640.webp', 'https://shop.example')).toBe(
      'https://shop.example/uploads/products/berbere-320.webp',
    )
    expect(mailImage('https://cdn.example/p/berbere-640.webp', 'https://shop.example')).toBe(
      'https://cdn.example/p/berbere-320.webp',
    )
    // Not one of the pipeline's widths: as stored; none: no picture.
    expect(mailImage('/uploads/berbere.webp', 'https://shop.example')).toBe(
      'https://shop.example/uploads/berbere.webp',
    )
    expect(mailImage(undefined, 'https://shop.example')).toBeNull()
  })
})
