import type { ImportCell, ImportSheet } from './import-file.js'
import {
  gramsIn,
  gramsName,
  htmlToText,
  numberOf,
  rowReader,
  shortText,
  type Draft,
  type DraftSource,
} from './import-draft.js'

/**
 * WooCommerce's own product CSV export (WooCommerce → Products → Export; the columns of its
 * product CSV importer/exporter): a simple product is one row and one size; a variable
 * product is a parent row and a row per variation (Type "variation", Parent "id:<ID>" or the
 * parent's SKU), each variation a size, named by its attribute value, weighed by "Weight (kg)".
 */
const COLUMNS: Record<string, string> = {
  name: 'Name',
  shortDescription: 'Short description',
  image: 'Images',
  categories: 'Categories',
  features: 'Description',
  'pricing.size.sizeName': 'Attribute 1 value(s)',
  'pricing.size.sizeQuantity': 'Weight (kg)',
  'pricing.price': 'Regular price',
  'pricing.stock': 'Stock',
  'pricing.sku': 'SKU',
  'pricing.barcode': 'GTIN, UPC, EAN, or ISBN',
}

export const isWooSheet = (sheet: ImportSheet): boolean =>
  sheet.header.includes('Type') && sheet.header.includes('Regular price') && sheet.header.includes('Name')

type Read = ReturnType<typeof rowReader>

/** The first address of "Images" (a comma-separated list). */
const firstImage = (text: string) =>
  text
    .split(',')
    .map((url) => url.trim())
    .find(Boolean) ?? ''

/** "Spices > Blends, Flours": comma-separated paths (a literal comma is written "\,"). */
const categoriesOf = (text: string) =>
  text
    .split(/(?<!\\),/)
    .map((path) => path.replace(/\\,/g, ',').trim())
    .filter(Boolean)

function productOf(cells: readonly ImportCell[], row: number, read: Read): Draft {
  const text = (title: string) => read.text(cells, title)
  const description = htmlToText(text('Description'))
  const short = htmlToText(text('Short description')) || shortText(description)
  return {
    row,
    name: text('Name'),
    shortDescription: short,
    image: firstImage(text('Images')),
    categories: categoriesOf(text('Categories')),
    subCategories: [],
    // Our product page lists features; WooCommerce's long description (or the short one) is the first.
    features: description || short ? [{ title: 'תיאור', description: description || short }] : [],
    sizes: [],
    columns: COLUMNS,
    problems: [],
  }
}

function sizeOf(draft: Draft, cells: readonly ImportCell[], row: number, read: Read, own: boolean) {
  const text = (title: string) => read.text(cells, title)
  const number = (title: string) => numberOf(read.cell(cells, title), draft.problems, row, title)
  const kilos = number('Weight (kg)')
  const value = own ? '' : text('Attribute 1 value(s)')
  const grams = kilos !== undefined ? Math.round(kilos * 1000) : value ? gramsIn(value) : undefined
  // Stock is a count only where WooCommerce manages it; otherwise any quantity can be ordered.
  const managed = read.has('Manage stock?') ? text('Manage stock?') === '1' : text('Stock') !== ''
  draft.sizes.push({
    row,
    sizeName: value || (grams ? gramsName(grams) : 'יחידה'),
    sizeQuantity: grams ?? 1,
    price: number('Regular price'),
    stock: managed ? (number('Stock') ?? null) : null,
    sku: text('SKU'),
    barcode: text('GTIN, UPC, EAN, or ISBN'),
  })
}

export function wooDrafts(sheet: ImportSheet): DraftSource {
  const read = rowReader(sheet)
  const parents = new Map<string, Draft>()
  const drafts: Draft[] = []
  const variations: Array<{ cells: ImportCell[]; row: number }> = []
  sheet.rows.forEach((cells, index) => {
    const row = index + 2
    const type = read.text(cells, 'Type').toLowerCase()
    if (type === 'variation') return void variations.push({ cells, row })
    if (
      !['simple', 'variable'].some((kind) =>
        type
          .split(',')
          .map((t) => t.trim())
          .includes(kind),
      )
    )
      return
    const draft = productOf(cells, row, read)
    drafts.push(draft)
    const id = read.text(cells, 'ID')
    if (id) parents.set(`id:${id}`, draft)
    const sku = read.text(cells, 'SKU')
    if (sku) parents.set(sku, draft)
    if (type.includes('simple')) sizeOf(draft, cells, row, read, true)
  })
  for (const { cells, row } of variations) {
    const parent = parents.get(read.text(cells, 'Parent'))
    if (parent) sizeOf(parent, cells, row, read, false)
  }
  return { label: 'woocommerce', drafts }
}
