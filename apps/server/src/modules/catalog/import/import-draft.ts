import type { ImportCell, ImportSheet } from './import-file.js'
import { problemText } from './import-messages.js'

/**
 * One product as a file describes it, before validation: what each source format (ours,
 * WooCommerce, Shopify) is turned into. Values stay raw enough for the contracts' schema to
 * judge them; `columns` names the file's column of each field, for the report.
 */
export type RowProblem = { row: number; column?: string; code: string; message: string }

export type DraftSize = {
  row: number
  sizeName: string
  sizeQuantity: number | undefined
  price: number | undefined
  stock: number | null | undefined
  sku: string
  barcode: string
}

export type Draft = {
  /** The spreadsheet's row number of the product's first row (the header is row 1). */
  row: number
  id?: string
  name: string
  nameInEnglish?: string
  shortDescription: string
  image: string
  /** Category names as the file has them: resolved (and mapped) against ours later. */
  categories: string[]
  subCategories: string[]
  perishable?: boolean
  /** Absent when the file has no such column: a matched product keeps its own (decision 293). */
  isHidden?: boolean
  features: Array<{ title: string; description: string }>
  labelling?: unknown
  sizes: DraftSize[]
  /** A field's path in ProductInput ('name', 'pricing.price', 'labelling.nutrition') → the column's title. */
  columns: Record<string, string>
  problems: RowProblem[]
}

export type DraftSource = {
  /** How the report names the format. */
  label: 'tavlin' | 'woocommerce' | 'shopify'
  drafts: Draft[]
}

/** A sheet's cells by column title. */
export function rowReader(sheet: ImportSheet) {
  const index = new Map<string, number>()
  sheet.header.forEach((title, i) => {
    if (!index.has(title)) index.set(title, i)
  })
  return {
    has: (title: string) => index.has(title),
    cell(row: readonly ImportCell[], title: string): ImportCell {
      const i = index.get(title)
      return i === undefined ? null : (row[i] ?? null)
    },
    text(row: readonly ImportCell[], title: string): string {
      const i = index.get(title)
      const value = i === undefined ? null : row[i]
      return value === null || value === undefined ? '' : String(value).trim()
    },
  }
}

/** Spreadsheet numbers: a number cell, or text such as "1,234.50", "₪ 24.90"; empty is undefined. */
export function numberOf(
  cell: ImportCell,
  problems: RowProblem[],
  row: number,
  column: string,
): number | undefined {
  if (cell === null) return undefined
  if (typeof cell === 'number') return cell
  const text = cell.replace(/[₪\s\u200f\u200e]/g, '').replace(/,(?=\d{3}(\D|$))/g, '')
  if (text === '') return undefined
  const value = Number(text)
  if (Number.isFinite(value)) return value
  problems.push({
    row,
    column,
    code: 'import.notNumber',
    message: problemText('import.notNumber', { value: cell }),
  })
  return undefined
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** HTML descriptions (WooCommerce, Shopify) as plain text: paragraphs and list items become lines. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (entity, name: string) => {
      if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16))
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10))
      return ENTITIES[name.toLowerCase()] ?? entity
    })
    .replace(/\\n/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
}

/** A short description within the schema's 1000 characters, cut at a word. */
export function shortText(text: string, max = 1000): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`
}

/** A weight in grams as a size's name: "250 גרם", "1 ק״ג", "1.5 ק״ג". */
export function gramsName(grams: number): string {
  return grams >= 1000 && grams % 100 === 0 ? `${grams / 1000} ק״ג` : `${grams} גרם`
}

/** The grams a size's name states ("250g", "250 גרם", "1 kg", "1 ק"ג"), or undefined. */
export function gramsIn(text: string): number | undefined {
  const match =
    /(\d+(?:[.,]\d+)?)\s*(kg|ק["״']?ג|קילו|g|gr|גר(?:ם)?)\b/i.exec(text) ??
    /(\d+(?:[.,]\d+)?)\s*(ק["״']?ג|קילו|גרם|גר)/.exec(text)
  if (!match) return undefined
  const value = Number(match[1]!.replace(',', '.'))
  return /^(kg|ק|קילו)/i.test(match[2]!) ? Math.round(value * 1000) : value
}
