import { PACKAGE_SUB_CATEGORIES } from '@tavlin/contracts'
import { PACKAGE_COLUMNS, PACKAGES_SHEET } from '../export/package-columns.js'
import type { ImportCell, ImportSheet } from './import-file.js'
import type { rowReader } from './import-draft.js'
import { numberOf, type RowProblem } from './import-draft.js'
import { groupedDrafts, taxonomyOf, type LinkedDraft } from './recipe-source.js'

/**
 * The export's packages sheet (or CSV) read back (decision 292): a row per line of contents,
 * the package's own fields repeated. The recipe's and the products' names are for reading
 * only: the ids beside them are what links.
 */
const title = (key: string): string => PACKAGE_COLUMNS.find((column) => column.key === key)!.header

export const PACKAGE_TITLES = {
  id: title('_id'),
  name: title('name'),
  description: title('description'),
  image: title('image'),
  price: title('price'),
  cookingTime: title('cookingTime'),
  peoplesQuantity: title('peoplesQuantity'),
  recipeId: title('recipeId'),
  stock: title('stock'),
  subCategories: title('subCategories'),
  productId: title('items.productId'),
  sizeName: title('items.sizeName'),
  quantity: title('items.quantity'),
}
const T = PACKAGE_TITLES

export const isPackageSheet = (sheet: ImportSheet): boolean =>
  sheet.header.includes(T.id) && sheet.header.includes(T.productId)

export const packageSheetOf = (sheets: readonly ImportSheet[]): ImportSheet | undefined =>
  sheets.find((sheet) => sheet.name === PACKAGES_SHEET && isPackageSheet(sheet)) ??
  sheets.find(isPackageSheet)

const COLUMNS: Record<string, string> = {
  name: T.name,
  description: T.description,
  image: T.image,
  price: T.price,
  cookingTime: T.cookingTime,
  peoplesQuantity: T.peoplesQuantity,
  recipeId: T.recipeId,
  stock: T.stock,
  subCategories: T.subCategories,
  items: T.productId,
  'items.productId': T.productId,
  'items.sizeName': T.sizeName,
  'items.quantity': T.quantity,
}

function packageOf(
  cells: readonly ImportCell[],
  row: number,
  read: ReturnType<typeof rowReader>,
): LinkedDraft {
  const problems: RowProblem[] = []
  const text = (column: string) => read.text(cells, column)
  const number = (column: string) => numberOf(read.cell(cells, column), problems, row, column)
  const kinds = taxonomyOf(
    PACKAGE_SUB_CATEGORIES,
    text(T.subCategories),
    { row, column: T.subCategories, code: 'import.unknownPackageKind' },
    problems,
  )
  const id = text(T.id)
  const description = text(T.description)
  const recipeId = text(T.recipeId)
  return {
    row,
    ...(id && { id }),
    name: text(T.name),
    input: {
      name: text(T.name),
      ...(description && { description }),
      image: text(T.image),
      price: number(T.price),
      cookingTime: number(T.cookingTime),
      peoplesQuantity: number(T.peoplesQuantity),
      ...(recipeId && { recipeId }),
      // An empty cell is an untracked count, as in the admin form.
      stock: number(T.stock) ?? null,
      subCategories: kinds.map((kind) => ({ ...kind })),
      items: [],
    },
    lines: { items: [] },
    columns: COLUMNS,
    problems,
  }
}

export function packageDrafts(sheet: ImportSheet): LinkedDraft[] {
  return groupedDrafts(sheet, T, packageOf, (draft, cells, row, read) => {
    const productId = read.text(cells, T.productId)
    const sizeName = read.text(cells, T.sizeName)
    const quantity = numberOf(read.cell(cells, T.quantity), draft.problems, row, T.quantity)
    if (!productId && !sizeName && quantity === undefined) return
    ;(draft.input.items as unknown[]).push({ productId, sizeName, quantity })
    draft.lines.items!.push(row)
  })
}
