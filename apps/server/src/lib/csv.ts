/**
 * CSV for spreadsheets (RFC 4180: comma-separated, CRLF, fields quoted when needed).
 * Starts with a UTF-8 byte-order mark, without which Excel reads Hebrew as mojibake.
 */
export const UTF8_BOM = '\uFEFF'

export type CsvCell = string | number | null | undefined

/**
 * A cell a spreadsheet would run as a formula (= + - @, and tab or CR, which some
 * spreadsheets strip before looking) gets a leading apostrophe: visitor input must not
 * execute on the admin's computer (OWASP "CSV injection").
 */
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'number' ? String(value) : neutralise(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One record and its CRLF: a streamed export writes these one at a time. */
export function csvLine(row: readonly CsvCell[]): string {
  return row.map(csvCell).join(',') + '\r\n'
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return UTF8_BOM + [header, ...rows].map(csvLine).join('')
}
