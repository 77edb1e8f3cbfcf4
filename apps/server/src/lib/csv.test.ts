import { describe, expect, it } from 'vitest'
import { csvCell, toCsv, UTF8_BOM } from './csv.js'

describe('csv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell(null)).toBe('')
  })

  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const value of ['=1+1', '+972501234567', '-2', '@SUM(A1)', '\t=cmd', '\r=cmd']) {
      expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/)
    }
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
    expect(csvCell('שלום = 1')).toBe('שלום = 1')
  })

  it('starts with a BOM and ends rows with CRLF', () => {
    expect(toCsv(['שם', 'עיר'], [['נועה', 'חיפה']])).toBe(`${UTF8_BOM}שם,עיר\r\nנועה,חיפה\r\n`)
  })
})
