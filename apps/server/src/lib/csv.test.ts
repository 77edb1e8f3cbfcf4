import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvLine, neutraliseFormulas, restoreFormulas, toCsv, UTF8_BOM } from './csv.js'

const FORMULA_START = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/
/** The separators a spreadsheet may be set to split on (decimal comma locales use `;`). */
const SEPARATORS = [',', ';', '\t', '|', ' ', '\n']

/**
 * What a spreadsheet would make of the written line if it split on `separator` and paid no
 * heed to quotes (the worst case): every piece, with the spaces and quotes before it dropped.
 */
function piecesOf(line: string, separator: string): string[] {
  return line
    .replace(/\r\n$/, '')
    .split(separator)
    .map((piece) => piece.replace(/^[\s"]+/, ''))
}

describe('csv', () => {
  it('quotes commas, quotes and line breaks, and leaves other text alone', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', null, undefined])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",,\r\n',
    )
    expect(csvLine(['בן-דוד', 'a=b', 'noa@example.com', '2+2'])).toBe('בן-דוד,a=b,noa@example.com,2+2\r\n')
    // A space may split a cell too: what follows one is guarded like a cell's start.
    expect(csvLine(['שלום = 1'])).toBe("שלום '= 1\r\n")
  })

  it('neutralises a cell a spreadsheet would run as a formula', () => {
    for (const value of ['=1+1', '+972501234567', '-2', '@SUM(A1)', '\t=cmd', '\r=cmd', '＝1+1']) {
      expect(csvLine([value]).replace(/^"/, '')).toMatch(/^'/)
    }
    expect(csvLine(['=HYPERLINK("http://x","y")'])).toBe(`"'=HYPERLINK(""http://x"",""y"")"\r\n`)
    // Numbers stay numbers a spreadsheet can sum, negative ones too.
    expect(csvLine([-2, 184.8, 0])).toBe('-2,184.8,0\r\n')
  })

  it('neutralises every piece of a cell, however the spreadsheet splits it (issue 33)', () => {
    const line = csvLine(['x;=1+1 y;@SUM(A1)', 'a|-2+3+cmd|x', 'b\t+1', 'c,"=2"'])
    expect(line).toBe(`x;'=1+1 y;'@SUM(A1),a|'-2+3+cmd|x,b\t'+1,"c,""'=2"""\r\n`)
    for (const separator of SEPARATORS) {
      for (const piece of piecesOf(line, separator)) expect(piece, separator).not.toMatch(FORMULA_START)
    }
  })

  it('leaves no piece starting with a formula, whatever the text and the separator', () => {
    const text = fc.string({
      unit: fc.constantFrom('=', '+', '-', '@', '＝', ';', ',', '|', ' ', '\t', '"', 'x', 'א', '1'),
    })
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), (cells) => {
        const line = csvLine(cells)
        return SEPARATORS.every((separator) =>
          piecesOf(line, separator).every((piece) => !FORMULA_START.test(piece)),
        )
      }),
      { numRuns: 2000 },
    )
  })

  it('gives back the text it neutralised, for a file read back (issue 37)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'ב', ' ', ',', ';', '|', '\n', '"', '=', '+', '-', '@') }),
        (text) => {
          expect(restoreFormulas(neutraliseFormulas(text))).toBe(text)
        },
      ),
    )
  })

  it('starts with a BOM and ends rows with CRLF', () => {
    expect(toCsv(['שם', 'עיר'], [['נועה', 'חיפה']])).toBe(`${UTF8_BOM}שם,עיר\r\nנועה,חיפה\r\n`)
  })
})
