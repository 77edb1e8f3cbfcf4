import { describe, expect, it } from 'vitest'
import { LINK_REMOVED, hasLinks, withoutLinks } from './links-in-text.js'

describe('withoutLinks', () => {
  it('removes addresses with a scheme, www., bare domains with paths and e-mail addresses', () => {
    for (const link of [
      'http://evil.example/pay',
      'https://bit.ly/3xYz',
      'hxxps://evil.example',
      'www.evil-shop.co.il',
      'evil.co.il/confirm?card=1',
      'tavlin-support.com',
      'support@evil.example',
      'mailto:a@b.cd',
      'דף.קניות.com',
    ]) {
      const text = `נא לאשר את הכרטיס בקישור ${link} עוד היום`
      expect(hasLinks(text), link).toBe(true)
      expect(withoutLinks(text), link).toBe(`נא לאשר את הכרטיס בקישור ${LINK_REMOVED} עוד היום`)
    }
  })

  it('keeps ordinary Hebrew, sentences, numbers and prices', () => {
    for (const text of [
      'הזמנתי בטעות. סליחה!',
      'המוצר הגיע פגום.אפשר החזר?',
      'שילמתי 184.80 ₪ ב-12.5.2026',
      'TV-1001',
    ]) {
      expect(hasLinks(text), text).toBe(false)
      expect(withoutLinks(text)).toBe(text)
    }
  })
})
