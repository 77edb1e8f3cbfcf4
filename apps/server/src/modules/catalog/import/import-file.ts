import { parse } from 'csv-parse/sync'
import { unzipSync } from 'fflate'
import { restoreFormulas } from '../../../lib/csv.js'
import { onFirstUse } from '../../../lib/on-first-use.js'
import { ImportFileError } from './import-messages.js'

/**
 * An uploaded file as sheets of cells (issue 37, decision 285): XLSX by read-excel-file, CSV by
 * csv-parse, never a parser of our own. UTF-8 (with or without a BOM) is read as such; bytes
 * that are not valid UTF-8 are read as Windows-1255, what Excel in Hebrew saves "CSV" as.
 */

/**
 * 10 MB and 5,000 products a file (issue 37); our export has a row per size, so the rows may
 * be more: up to 20,000 (2,000 products of 3 sizes are 6,000 rows).
 */
export const IMPORT_LIMITS = { bytes: 10 * 1024 * 1024, rows: 20_000, products: 5000 } as const

export type ImportCell = string | number | null
export type ImportSheet = { name: string; header: string[]; rows: ImportCell[][] }
export type ImportEncoding = 'utf-8' | 'windows-1255'
export type ImportFile = {
  format: 'csv' | 'xlsx'
  /** How a CSV file's bytes were read (a workbook is always UTF-8 inside). */
  encoding: ImportEncoding
  sheets: ImportSheet[]
}

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte)

const loadXlsxReader = onFirstUse(async () => (await import('read-excel-file/node')).default)

/**
 * A text cell a spreadsheet would run: `=` and anything, or `+ - @` before a function call, a
 * cell reference or a DDE command. A leading minus before a number or words stays text.
 */
const FORMULA = /^[\s"]*(=\S|[+\-@]\s*([A-Za-z_][\w.]*\s*\(|\$?[A-Za-z]{1,3}\$?\d+\b|[A-Za-z]+\|))/

export function isFormula(text: string): boolean {
  return FORMULA.test(text)
}

function decode(bytes: Uint8Array): { text: string; encoding: ImportEncoding } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' }
  } catch {
    return { text: new TextDecoder('windows-1255').decode(bytes), encoding: 'windows-1255' }
  }
}

/** Text with control characters other than tab and line breaks is a binary file, not CSV. */
function isBinary(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0b && code !== 0x0c && code !== 0x0d)
      return true
  }
  return false
}

function readCsv(bytes: Uint8Array): ImportFile {
  const { text, encoding } = decode(bytes)
  if (isBinary(text.slice(0, 8192))) throw new ImportFileError('notSpreadsheet')
  let records: string[][]
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][]
  } catch (error) {
    const line = (error as { lines?: number }).lines
    throw new ImportFileError('badCsv', { line: line ?? '?' })
  }
  const formula = findFormula(records)
  if (formula) throw new ImportFileError('formula', formula)
  const [header = [], ...rows] = records.map((row) => row.map((cell) => restoreFormulas(cell)))
  return { format: 'csv', encoding, sheets: [sheetOf('csv', header, rows)] }
}

/** A live formula: typed into a cell, not written by our export (which puts an apostrophe before it). */
function findFormula(records: string[][]): { row: number; column: number } | undefined {
  for (const [r, row] of records.entries())
    for (const [c, cell] of row.entries()) if (isFormula(cell)) return { row: r + 1, column: c + 1 }
  return undefined
}

async function readXlsx(bytes: Uint8Array): Promise<ImportFile> {
  let sheetsXml: Record<string, Uint8Array>
  try {
    sheetsXml = unzipSync(bytes, { filter: (file) => file.name.startsWith('xl/worksheets/') })
  } catch {
    throw new ImportFileError('notSpreadsheet')
  }
  // A cell with a formula has an <f> element; its value would be whatever the editor last computed.
  const decoder = new TextDecoder()
  if (Object.values(sheetsXml).some((xml) => /<f[\s>/]/.test(decoder.decode(xml))))
    throw new ImportFileError('formulaInWorkbook')
  const readXlsxFile = await loadXlsxReader()
  let workbook: Array<{ sheet: string; data: unknown[][] }>
  try {
    workbook = (await readXlsxFile(Buffer.from(bytes), { trim: false })) as typeof workbook
  } catch {
    throw new ImportFileError('notSpreadsheet')
  }
  const sheets = workbook.map(({ sheet, data }) => {
    const [header = [], ...rows] = data.map((row) => row.map(cellOf))
    return sheetOf(
      sheet,
      header.map((title) => (title === null ? '' : String(title))),
      rows,
    )
  })
  return { format: 'xlsx', encoding: 'utf-8', sheets }
}

function cellOf(value: unknown): ImportCell {
  if (value === null || value === undefined) return null
  if (typeof value === 'number' || typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (value instanceof Date) return value.toISOString()
  return String(value)
}

function sheetOf(name: string, header: ImportCell[], rows: ImportCell[][]): ImportSheet {
  if (rows.length > IMPORT_LIMITS.rows)
    throw new ImportFileError('tooManyRows', { rows: rows.length, limit: IMPORT_LIMITS.rows })
  return { name, header: header.map((title) => String(title ?? '').trim()), rows }
}

/** Reads an upload; every refusal is an ImportFileError with its Hebrew message. */
export async function readImportFile(bytes: Uint8Array): Promise<ImportFile> {
  if (bytes.length === 0) throw new ImportFileError('empty')
  if (bytes.length > IMPORT_LIMITS.bytes) throw new ImportFileError('tooLarge', { limit: '10 MB' })
  return startsWith(bytes, ZIP) ? readXlsx(bytes) : readCsv(bytes)
}
