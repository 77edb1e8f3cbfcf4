import { LIST_SEPARATOR, NO, YES } from '../export/columns.js'
import { PRODUCT_COLUMNS, PRODUCTS_SHEET } from '../export/product-columns.js'
import type { ImportCell, ImportSheet } from './import-file.js'
import { problemText } from './import-messages.js'
import { numberOf, rowReader, type Draft, type DraftSource, type RowProblem } from './import-draft.js'

/**
 * Our own export read back (decision 275's columns, found by their titles): one row per size,
 * the product's fields repeated on each; rows of one product share its id, or its name when a
 * new product has no id yet.
 */
const title = (key: string): string => PRODUCT_COLUMNS.find((column) => column.key === key)!.header

const T = {
  id: title('_id'),
  name: title('name'),
  nameInEnglish: title('nameInEnglish'),
  shortDescription: title('shortDescription'),
  image: title('image'),
  categories: title('categories'),
  subCategories: title('subCategories'),
  perishable: title('perishable'),
  isHidden: title('isHidden'),
  sizeName: title('pricing.size.sizeName'),
  sizeQuantity: title('pricing.size.sizeQuantity'),
  price: title('pricing.price'),
  stock: title('pricing.stock'),
  sku: title('pricing.sku'),
  barcode: title('pricing.barcode'),
  ingredients: title('labelling.ingredients'),
  allergens: title('labelling.allergens'),
  mayContain: title('labelling.mayContain'),
  countryOfOrigin: title('labelling.countryOfOrigin'),
  storage: title('labelling.storage'),
}

const NUTRIENTS = PRODUCT_COLUMNS.filter((column) => column.key.startsWith('labelling.nutrition.')).map(
  (column) => ({ key: column.key.slice('labelling.nutrition.'.length), title: column.header }),
)

export const isTavlinSheet = (sheet: ImportSheet): boolean =>
  sheet.header.includes(T.name) && sheet.header.includes(T.sizeName) && sheet.header.includes(T.price)

/** The workbook's products sheet, or the CSV's one sheet. */
export const tavlinSheetOf = (sheets: readonly ImportSheet[]): ImportSheet | undefined =>
  sheets.find((sheet) => sheet.name === PRODUCTS_SHEET && isTavlinSheet(sheet)) ?? sheets.find(isTavlinSheet)

const list = (text: string): string[] =>
  text
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean)

const COLUMNS: Record<string, string> = {
  name: T.name,
  nameInEnglish: T.nameInEnglish,
  shortDescription: T.shortDescription,
  image: T.image,
  isHidden: T.isHidden,
  categories: T.categories,
  subCategories: T.subCategories,
  features: 'מאפיין 1 – כותרת',
  'pricing.size.sizeName': T.sizeName,
  'pricing.size.sizeQuantity': T.sizeQuantity,
  'pricing.price': T.price,
  'pricing.stock': T.stock,
  'pricing.sku': T.sku,
  'pricing.barcode': T.barcode,
  'labelling.ingredients': T.ingredients,
  'labelling.allergens': T.allergens,
  'labelling.mayContain': T.mayContain,
  'labelling.countryOfOrigin': T.countryOfOrigin,
  'labelling.storage': T.storage,
  ...Object.fromEntries(NUTRIENTS.map((n) => [`labelling.nutrition.${n.key}`, n.title])),
}

/** "כן" hides, empty or "לא" shows; without the column (an older sheet) the product keeps its own. */
function hiddenOf(
  cells: readonly ImportCell[],
  row: number,
  read: ReturnType<typeof rowReader>,
  problems: RowProblem[],
): boolean | undefined {
  if (!read.has(T.isHidden)) return undefined
  const value = read.text(cells, T.isHidden)
  if (value && value !== YES && value !== NO)
    problems.push({
      row,
      column: T.isHidden,
      code: 'import.yesNo',
      message: problemText('import.yesNo', { value }),
    })
  return value === YES
}

export function tavlinDrafts(sheet: ImportSheet): DraftSource {
  const read = rowReader(sheet)
  const featureCount = sheet.header.filter((header) => /^מאפיין \d+ – כותרת$/.test(header)).length
  const byKey = new Map<string, Draft>()
  sheet.rows.forEach((cells, index) => {
    const row = index + 2
    if (cells.every((cell) => cell === null || String(cell).trim() === '')) return
    const id = read.text(cells, T.id)
    const name = read.text(cells, T.name)
    const key = id || `name:${name}`
    let draft = byKey.get(key)
    if (!draft) {
      draft = productOf(cells, row, read, featureCount)
      byKey.set(key, draft)
    }
    const problems = draft.problems
    const number = (column: string) => numberOf(read.cell(cells, column), problems, row, column)
    draft.sizes.push({
      row,
      sizeName: read.text(cells, T.sizeName),
      sizeQuantity: number(T.sizeQuantity),
      price: number(T.price),
      stock: number(T.stock) ?? null,
      sku: read.text(cells, T.sku),
      barcode: read.text(cells, T.barcode),
    })
  })
  return { label: 'tavlin', drafts: [...byKey.values()] }
}

function productOf(
  cells: readonly ImportCell[],
  row: number,
  read: ReturnType<typeof rowReader>,
  featureCount: number,
): Draft {
  const problems: RowProblem[] = []
  const text = (column: string) => read.text(cells, column)
  const perishable = text(T.perishable)
  if (perishable && perishable !== YES && perishable !== NO)
    problems.push({
      row,
      column: T.perishable,
      code: 'import.yesNo',
      message: problemText('import.yesNo', { value: perishable }),
    })
  const nutrition = Object.fromEntries(
    NUTRIENTS.map((n) => [n.key, numberOf(read.cell(cells, n.title), problems, row, n.title)]),
  )
  const features = Array.from({ length: featureCount }, (_, i) => ({
    title: text(`מאפיין ${i + 1} – כותרת`),
    description: text(`מאפיין ${i + 1} – תיאור`),
  })).filter((feature) => feature.title || feature.description)
  const id = text(T.id)
  const isHidden = hiddenOf(cells, row, read, problems)
  return {
    row,
    ...(id && { id }),
    name: text(T.name),
    ...(text(T.nameInEnglish) && { nameInEnglish: text(T.nameInEnglish) }),
    shortDescription: text(T.shortDescription),
    image: text(T.image),
    categories: list(text(T.categories)),
    subCategories: list(text(T.subCategories)),
    perishable: perishable === YES,
    ...(isHidden !== undefined && { isHidden }),
    features,
    labelling: {
      ingredients: text(T.ingredients),
      allergens: list(text(T.allergens)),
      mayContain: list(text(T.mayContain)),
      nutrition: Object.values(nutrition).every((value) => value === undefined) ? null : nutrition,
      countryOfOrigin: text(T.countryOfOrigin),
      storage: text(T.storage),
    },
    sizes: [],
    columns: COLUMNS,
    problems,
  }
}
