import { describe, expect, it } from 'vitest'
import { escapeHtmlIsolated } from './html.js'

describe('escapeHtmlIsolated', () => {
  it('isolates e-mail addresses, phone numbers, dates and codes, and escapes the rest', () => {
    expect(escapeHtmlIsolated('טלפון 03-1234567, דוא״ל shop@tavlin.example.')).toBe(
      'טלפון <bdi dir="ltr">03-1234567</bdi>, דוא״ל <bdi dir="ltr">shop@tavlin.example</bdi>.',
    )
    expect(escapeHtmlIsolated('הזמנה TV-1001 (קופון SAVE10) עד 3.12.2026')).toBe(
      'הזמנה <bdi dir="ltr">TV-1001</bdi> (קופון <bdi dir="ltr">SAVE10</bdi>) עד <bdi dir="ltr">3.12.2026</bdi>',
    )
    expect(escapeHtmlIsolated('תוך 14 יום, "תבלין" <בע"מ> & co')).toBe(
      'תוך 14 יום, &quot;תבלין&quot; &lt;בע&quot;מ&gt; &amp; <bdi dir="ltr">co</bdi>',
    )
  })
})
