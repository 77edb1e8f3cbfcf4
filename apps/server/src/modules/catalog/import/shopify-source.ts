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
 * Shopify's product CSV (Products → Export): rows grouped by Handle; the first row of a
 * product carries Title, Body (HTML), Type, Tags…; each row with an "Option1 Value" is a
 * variant, a size here, weighed by "Variant Grams". Rows with only an image are passed over.
 */
const COLUMNS: Record<string, string> = {
  name: 'Title',
  shortDescription: 'Body (HTML)',
  image: 'Image Src',
  categories: 'Type',
  features: 'Body (HTML)',
  'pricing.size.sizeName': 'Option1 Value',
  'pricing.size.sizeQuantity': 'Variant Grams',
  'pricing.price': 'Variant Price',
  'pricing.stock': 'Variant Inventory Qty',
  'pricing.sku': 'Variant SKU',
  'pricing.barcode': 'Variant Barcode',
}

export const isShopifySheet = (sheet: ImportSheet): boolean =>
  sheet.header.includes('Handle') && sheet.header.includes('Variant Price')

type Read = ReturnType<typeof rowReader>

function productOf(cells: readonly ImportCell[], row: number, read: Read): Draft {
  const text = (title: string) => read.text(cells, title)
  const description = htmlToText(text('Body (HTML)'))
  // The product's type is its category here; "Product Category" (Shopify's taxonomy) is a path.
  const categories = [text('Type'), text('Product Category')].filter(Boolean)
  return {
    row,
    name: text('Title'),
    shortDescription: shortText(description.split('\n')[0] ?? ''),
    image: text('Image Src'),
    categories: categories.slice(0, 1).length ? categories.slice(0, 1) : [],
    subCategories: [],
    features: description ? [{ title: 'תיאור', description }] : [],
    sizes: [],
    columns: COLUMNS,
    problems: [],
  }
}

function addVariant(draft: Draft, cells: readonly ImportCell[], row: number, read: Read) {
  const text = (title: string) => read.text(cells, title)
  const number = (title: string) => numberOf(read.cell(cells, title), draft.problems, row, title)
  const value = text('Option1 Value')
  const stated = number('Variant Grams')
  const grams = stated && stated > 0 ? stated : gramsIn(value)
  // "Default Title" is Shopify's name for the one variant of a product without options.
  const named = value && value !== 'Default Title' ? value : undefined
  // Shopify tracks a variant's count only when "Variant Inventory Tracker" is "shopify".
  const tracked = !read.has('Variant Inventory Tracker') || text('Variant Inventory Tracker') === 'shopify'
  draft.sizes.push({
    row,
    sizeName: named ?? (grams ? gramsName(grams) : 'יחידה'),
    sizeQuantity: grams ?? 1,
    price: number('Variant Price'),
    stock: tracked ? (number('Variant Inventory Qty') ?? null) : null,
    sku: text('Variant SKU').replace(/^'/, ''),
    barcode: text('Variant Barcode').replace(/^'/, ''),
  })
}

export function shopifyDrafts(sheet: ImportSheet): DraftSource {
  const read = rowReader(sheet)
  const byHandle = new Map<string, Draft>()
  sheet.rows.forEach((cells, index) => {
    const row = index + 2
    const handle = read.text(cells, 'Handle')
    if (!handle) return
    let draft = byHandle.get(handle)
    if (!draft) {
      draft = productOf(cells, row, read)
      byHandle.set(handle, draft)
    }
    if (!draft.image) draft.image = read.text(cells, 'Image Src')
    const isVariant = read.text(cells, 'Option1 Value') !== '' || read.text(cells, 'Variant Price') !== ''
    if (isVariant) addVariant(draft, cells, row, read)
  })
  return { label: 'shopify', drafts: [...byHandle.values()] }
}
