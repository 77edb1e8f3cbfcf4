import { RECIPE_CATEGORIES, RECIPE_DIFFICULTIES } from '@tavlin/contracts'
import { LIST_SEPARATOR } from '../export/columns.js'
import { RECIPE_COLUMNS, RECIPES_SHEET } from '../export/recipe-columns.js'
import type { ImportCell, ImportSheet } from './import-file.js'
import { numberOf, rowReader, type RowProblem } from './import-draft.js'
import { problemText } from './import-messages.js'

/**
 * The export's recipes sheet (or CSV) read back (decision 292): a recipe over as many rows as
 * its longer list, its own fields repeated; row N holds its Nth ingredient and its Nth step.
 * Rows of one recipe share its id, or its name when a new recipe has no id yet.
 */

/** A recipe or a package as its rows give it, before the admin form's schema judges it. */
export type LinkedDraft = {
  /** The spreadsheet's row of its first line (the header is row 1). */
  row: number
  id?: string
  name: string
  /** What the admin form would send: RecipeInput or PackageInput, raw enough for their schemas. */
  input: Record<string, unknown>
  /** A list's entries ('ingredients', 'items') → the row each came from. */
  lines: Record<string, number[]>
  /** A field's path in the input ('servings', 'ingredients.name') → the column's title. */
  columns: Record<string, string>
  problems: RowProblem[]
}

const title = (key: string): string => RECIPE_COLUMNS.find((column) => column.key === key)!.header

export const RECIPE_TITLES = {
  id: title('_id'),
  name: title('name'),
  description: title('description'),
  image: title('image'),
  difficulty: title('difficulty'),
  prepTime: title('prepTime'),
  servings: title('servings'),
  categories: title('categories'),
  ingredient: title('ingredients.name'),
  quantity: title('ingredients.quantity'),
  productId: title('ingredients.productId'),
  step: title('instructions.description'),
}
const T = RECIPE_TITLES

/** A sheet of recipes: its id column and a step column are what no other sheet of ours has. */
export const isRecipeSheet = (sheet: ImportSheet): boolean =>
  sheet.header.includes(T.id) && sheet.header.includes(T.step)

export const recipeSheetOf = (sheets: readonly ImportSheet[]): ImportSheet | undefined =>
  sheets.find((sheet) => sheet.name === RECIPES_SHEET && isRecipeSheet(sheet)) ?? sheets.find(isRecipeSheet)

const COLUMNS: Record<string, string> = {
  name: T.name,
  description: T.description,
  image: T.image,
  difficulty: T.difficulty,
  prepTime: T.prepTime,
  servings: T.servings,
  categories: T.categories,
  ingredients: T.ingredient,
  'ingredients.name': T.ingredient,
  'ingredients.quantity': T.quantity,
  'ingredients.productId': T.productId,
  instructions: T.step,
  'instructions.description': T.step,
}

export const listOf = (text: string): string[] =>
  text
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean)

/** The file's name of one of ours (English in any case, or Hebrew) → ours; unknown: undefined. */
export function taxonomyName(
  names: ReadonlyArray<{ nameInEnglish: string; nameInHebrew: string }>,
  name: string,
): string | undefined {
  const lower = name.trim().toLowerCase()
  return names.find(
    (entry) => entry.nameInEnglish.toLowerCase() === lower || entry.nameInHebrew === name.trim(),
  )?.nameInEnglish
}

/**
 * A cell's list of our taxonomy's names (recipe categories, package kinds) → ours; each name
 * we do not have is a problem of the cell, under `code`.
 */
export function taxonomyOf<Entry extends { nameInEnglish: string; nameInHebrew: string }>(
  taxonomy: readonly Entry[],
  cell: string,
  at: { row: number; column: string; code: string },
  problems: RowProblem[],
): Entry[] {
  return listOf(cell).flatMap((name) => {
    const ours = taxonomyName(taxonomy, name)
    if (ours) return [taxonomy.find((entry) => entry.nameInEnglish === ours)!]
    problems.push({ ...at, message: problemText(at.code, { value: name }) })
    return []
  })
}

const HEBREW_DIFFICULTIES: Record<string, string> = { קל: 'Easy', בינוני: 'Medium', קשה: 'Hard' }

/** Easy / Medium / Hard in any case, or their Hebrew words; anything else is left for the schema to refuse. */
const difficultyOf = (text: string): string =>
  RECIPE_DIFFICULTIES.find((level) => level.toLowerCase() === text.toLowerCase()) ??
  HEBREW_DIFFICULTIES[text] ??
  text

function recipeOf(
  cells: readonly ImportCell[],
  row: number,
  read: ReturnType<typeof rowReader>,
): LinkedDraft {
  const problems: RowProblem[] = []
  const text = (column: string) => read.text(cells, column)
  const categories = taxonomyOf(
    RECIPE_CATEGORIES,
    text(T.categories),
    { row, column: T.categories, code: 'import.unknownRecipeCategory' },
    problems,
  )
  const id = text(T.id)
  return {
    row,
    ...(id && { id }),
    name: text(T.name),
    input: {
      name: text(T.name),
      description: text(T.description),
      image: text(T.image),
      difficulty: difficultyOf(text(T.difficulty)),
      prepTime: text(T.prepTime),
      servings: numberOf(read.cell(cells, T.servings), problems, row, T.servings),
      categories: categories.map(({ nameInEnglish, nameInHebrew }) => ({ nameInEnglish, nameInHebrew })),
      ingredients: [],
      instructions: [],
    },
    lines: { ingredients: [], instructions: [] },
    columns: COLUMNS,
    problems,
  }
}

type RowRead = ReturnType<typeof rowReader>

/**
 * A recipe's or a package's rows grouped into its draft: rows sharing an id (a new one's: its
 * name) are one item, the first of them giving its own fields; `addLine` takes each row's line.
 */
export function groupedDrafts(
  sheet: ImportSheet,
  titles: { id: string; name: string },
  draftOf: (cells: ImportCell[], row: number, read: RowRead) => LinkedDraft,
  addLine: (draft: LinkedDraft, cells: ImportCell[], row: number, read: RowRead) => void,
): LinkedDraft[] {
  const read = rowReader(sheet)
  const byKey = new Map<string, LinkedDraft>()
  sheet.rows.forEach((cells, index) => {
    const row = index + 2
    if (cells.every((cell) => cell === null || String(cell).trim() === '')) return
    const key = read.text(cells, titles.id) || `name:${read.text(cells, titles.name)}`
    let draft = byKey.get(key)
    if (!draft) {
      draft = draftOf(cells, row, read)
      byKey.set(key, draft)
    }
    addLine(draft, cells, row, read)
  })
  return [...byKey.values()]
}

export function recipeDrafts(sheet: ImportSheet): LinkedDraft[] {
  return groupedDrafts(sheet, T, recipeOf, (draft, cells, row, read) => {
    const [name, quantity, productId, step] = [T.ingredient, T.quantity, T.productId, T.step].map((column) =>
      read.text(cells, column),
    )
    // A line holds an ingredient, a step, or both: an empty half is no entry.
    if (name || quantity || productId) {
      ;(draft.input.ingredients as unknown[]).push({ name, quantity, ...(productId && { productId }) })
      draft.lines.ingredients!.push(row)
    }
    if (step) {
      ;(draft.input.instructions as unknown[]).push({ description: step })
      draft.lines.instructions!.push(row)
    }
  })
}
