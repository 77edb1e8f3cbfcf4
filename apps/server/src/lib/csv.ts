import { stringify, type Options } from 'csv-stringify/sync'

/**
 * CSV for spreadsheets, written by csv-stringify (RFC 4180: comma-separated, CRLF, fields
 * quoted when needed). A file starts with a UTF-8 byte-order mark, without which Excel reads
 * Hebrew as mojibake.
 */
export const UTF8_BOM = '\uFEFF'

export type CsvCell = string | number | null | undefined

/** What a spreadsheet runs as a formula when a cell starts with it (ASCII and full-width forms). */
const FORMULA_START = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20'
/**
 * Where a spreadsheet may cut a cell into several: a comma, the `;` of the locales whose
 * list separator it is, tab, `|`, space (import dialogs offer them all) and line breaks.
 * After one, spaces, tabs and a quote may come before the formula; all are passed over.
 */
const SEGMENT_START = new RegExp(`(^|[,;|\\s])([\\s"]*)(?=[${FORMULA_START}])`, 'g')

/**
 * Visitor text must not execute on the admin's computer (OWASP "CSV injection"). A guard on
 * the first character (csv-stringify's `escape_formulas`, kept below) is not enough when the
 * spreadsheet splits on another separator: `x;=1+1 y;@SUM(A1)` is three cells where `;` is
 * the list separator (issue 33). Every place a cell could start with a formula gets an
 * apostrophe, which spreadsheets show as text; numbers are written as numbers, untouched.
 */
export function neutraliseFormulas(value: string): string {
  return value.replace(SEGMENT_START, "$1$2'")
}

const NEUTRALISED = new RegExp(`(^|[,;|\\s])([\\s"]*)'(?=[${FORMULA_START}])`, 'g')

/**
 * The text before `neutraliseFormulas`, for a file read back (the catalogue import, issue 37):
 * the apostrophes it put before = + - @ go. One typed by hand in that very place goes too.
 */
export function restoreFormulas(value: string): string {
  return value.replace(NEUTRALISED, '$1$2')
}

const OPTIONS: Options = {
  record_delimiter: 'windows',
  // csv-stringify quotes a cell holding the whole CRLF; a lone CR or LF breaks a row too.
  quoted_match: /[\r\n]/,
  escape_formulas: true,
  cast: { string: neutraliseFormulas },
}

/** One record and its CRLF: a streamed export writes these one at a time. */
export function csvLine(row: readonly CsvCell[]): string {
  return stringify([row.map((cell) => cell ?? '')], OPTIONS)
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    [header, ...rows].map((row) => row.map((cell) => cell ?? '')),
    { ...OPTIONS, bom: true },
  )
}
