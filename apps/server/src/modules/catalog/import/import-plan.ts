import {
  ProductInputSchema,
  type CatalogueImportItem,
  type CatalogueImportProblem,
  type Product,
  type ProductInput,
} from '@tavlin/contracts'
import { AppError } from '../../../lib/errors.js'
import type { ProductWrite } from '../products/products.repository.js'
import {
  categoryObjects,
  resolveCategories,
  subCategoryObjects,
  type CategoryMapping,
} from './import-categories.js'
import type { Draft, RowProblem } from './import-draft.js'
import { problemText } from './import-messages.js'
import { changesOf } from './import-diff.js'
import { isRemote, remoteImage } from './remote-image.js'
import { isUuid } from './linked-plan.js'

/**
 * Each draft judged (issue 37): the contracts' schema (the admin form's rules), the product
 * kind's own checks (subcategories under their categories, sizes once), the taxonomy with the
 * owner's mapping, SKUs once in the file and not another product's, and matched to the
 * product it updates: by id, else by a size's SKU, else by its unique name.
 */
export type PlannedItem = CatalogueImportItem & {
  write?: ProductWrite
  unknownCategories: string[]
  /** A new product's id as its file gives it (decision 292): kept on insert. */
  keptId?: string
}

export type PlanContext = {
  existing: readonly Product[]
  mapping: CategoryMapping
  toWrite(input: ProductInput): Promise<ProductWrite>
  /** Checks an image address a new product gives (https, a public host); absent: none can be fetched. */
  checkImage?(url: string): Promise<void>
}

const problem = (row: number, column: string | undefined, code: string, values = {}): RowProblem => ({
  row,
  ...(column !== undefined && { column }),
  code,
  message: problemText(code, values),
})

const asReported = (p: RowProblem): CatalogueImportProblem => ({ ...p, column: p.column ?? null })

function inputOf(draft: Draft, mapping: CategoryMapping, problems: RowProblem[], matched?: Product) {
  const categories = resolveCategories(draft.categories, mapping)
  const subCategories = resolveCategories(draft.subCategories, mapping)
  for (const name of categories.unknown)
    problems.push(problem(draft.row, draft.columns.categories, 'import.unknownCategory', { value: name }))
  for (const name of subCategories.unknown)
    problems.push(
      problem(draft.row, draft.columns.subCategories, 'import.unknownSubCategory', { value: name }),
    )
  const subs = [...new Set([...categories.subCategories, ...subCategories.subCategories])]
  const input = {
    name: draft.name,
    ...(draft.nameInEnglish && { nameInEnglish: draft.nameInEnglish }),
    shortDescription: draft.shortDescription,
    image: draft.image,
    pricing: draft.sizes.map((size) => ({
      size: { sizeName: size.sizeName, sizeQuantity: size.sizeQuantity },
      price: size.price,
      stock: size.stock ?? null,
      sku: size.sku || null,
      barcode: size.barcode || null,
    })),
    categories: categoryObjects([...new Set([...categories.categories, ...subCategories.categories])]),
    subCategories: subCategoryObjects(subs),
    features: { value: draft.features },
    perishable: draft.perishable ?? false,
    isHidden: draft.isHidden ?? matched?.isHidden ?? false,
    ...(draft.labelling !== undefined && { labelling: draft.labelling }),
  }
  return { input, unknown: [...categories.unknown, ...subCategories.unknown] }
}

/** A schema issue's path → the row (a size's own row) and the file's column. */
function located(draft: Draft, path: readonly PropertyKey[]): { row: number; column?: string } {
  const [head, index, ...rest] = path.map(String)
  if (head === 'pricing' && index !== undefined && /^\d+$/.test(index)) {
    const size = draft.sizes[Number(index)]
    return { row: size?.row ?? draft.row, column: draft.columns[['pricing', ...rest].join('.')] }
  }
  const joined = path.map(String).join('.')
  const key = Object.keys(draft.columns)
    .filter((candidate) => joined === candidate || joined.startsWith(`${candidate}.`))
    .sort((a, b) => b.length - a.length)[0]
  return { row: draft.row, column: key ? draft.columns[key] : draft.columns[head ?? ''] }
}

/** The kind's own checks report `body.<path>`; the same place in the file. */
function kindProblem(draft: Draft, error: unknown): RowProblem | undefined {
  if (!(error instanceof AppError)) return undefined
  const [detail] = (error.details as Array<{ field: string; message: string }> | undefined) ?? []
  if (!detail) return undefined
  const where = located(draft, detail.field.replace(/^body\./, '').split('.'))
  return problem(where.row, where.column, detail.message)
}

type Matcher = ReturnType<typeof matcherOf>

function matcherOf(existing: readonly Product[]) {
  const byId = new Map(existing.map((product) => [product._id, product]))
  const byName = new Map(existing.map((product) => [product.name.trim(), product]))
  const bySku = new Map<string, Product>()
  for (const product of existing)
    for (const option of product.pricing) if (option.sku) bySku.set(option.sku, product)
  return {
    bySku,
    byName,
    match(draft: Draft): Product | undefined {
      const fromId = draft.id ? byId.get(draft.id) : undefined
      if (fromId) return fromId
      for (const size of draft.sizes) {
        const found = size.sku ? bySku.get(size.sku) : undefined
        if (found) return found
      }
      return byName.get(draft.name.trim())
    },
  }
}

function catalogueProblems(draft: Draft, matched: Product | undefined, matcher: Matcher): RowProblem[] {
  const problems: RowProblem[] = []
  for (const size of draft.sizes) {
    const owner = size.sku ? matcher.bySku.get(size.sku) : undefined
    if (owner && owner._id !== matched?._id)
      problems.push(
        problem(size.row, draft.columns['pricing.sku'], 'import.skuTaken', {
          value: size.sku,
          other: owner.name,
        }),
      )
  }
  const named = matcher.byName.get(draft.name.trim())
  if (named && matched && named._id !== matched._id)
    problems.push(problem(draft.row, draft.columns.name, 'validation.nameTaken'))
  return problems
}

/** Problems between drafts: the same SKU twice, the same product twice. */
function fileProblems(drafts: readonly Draft[]): Map<Draft, RowProblem[]> {
  const found = new Map<Draft, RowProblem[]>(drafts.map((draft) => [draft, []]))
  const skus = new Map<string, number>()
  const names = new Map<string, number>()
  for (const draft of drafts) {
    for (const size of draft.sizes) if (size.sku) skus.set(size.sku, (skus.get(size.sku) ?? 0) + 1)
    names.set(draft.name.trim(), (names.get(draft.name.trim()) ?? 0) + 1)
  }
  for (const draft of drafts) {
    const own = found.get(draft)!
    for (const size of draft.sizes)
      if (size.sku && skus.get(size.sku)! > 1)
        own.push(problem(size.row, draft.columns['pricing.sku'], 'import.skuTwice', { value: size.sku }))
    if (draft.name.trim() && names.get(draft.name.trim())! > 1)
      own.push(problem(draft.row, draft.columns.name, 'import.nameTwice', { value: draft.name }))
  }
  return found
}

export async function planDrafts(drafts: readonly Draft[], context: PlanContext): Promise<PlannedItem[]> {
  const matcher = matcherOf(context.existing)
  const between = fileProblems(drafts)
  const items: PlannedItem[] = []
  for (const draft of drafts) {
    const problems: RowProblem[] = [...draft.problems, ...between.get(draft)!]
    const matched = matcher.match(draft)
    const { input, unknown } = inputOf(draft, context.mapping, problems, matched)
    problems.push(...catalogueProblems(draft, matched, matcher))
    const parsed = ProductInputSchema.safeParse(input)
    let write: ProductWrite | undefined
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        // An unknown category is reported already; "choose a category" would say it twice.
        if (issue.message === 'validation.categoriesRequired' && unknown.length > 0) continue
        const where = located(draft, issue.path)
        problems.push(problem(where.row, where.column, issue.message))
      }
    } else {
      try {
        write = await context.toWrite(parsed.data)
      } catch (error) {
        const found = kindProblem(draft, error)
        if (!found) throw error
        problems.push(found)
      }
    }
    if (write && isRemote(write.image)) {
      const kept = await remoteImage(write, matched, context)
      if (kept) problems.push(problem(draft.row, draft.columns.image, 'import.image', { value: kept }))
    }
    const base = {
      kind: 'product' as const,
      row: draft.row,
      name: draft.name,
      productId: matched?._id ?? null,
      unknownCategories: unknown,
    }
    if (problems.length > 0 || !write) {
      items.push({ ...base, status: 'invalid', changes: [], problems: problems.map(asReported) })
      continue
    }
    const changes = matched ? changesOf(matched, write) : []
    const status = !matched ? 'create' : changes.length > 0 ? 'change' : 'unchanged'
    const keptId = !matched && isUuid(draft.id) ? draft.id : undefined
    items.push({ ...base, status, changes, problems: [], write, ...(keptId && { keptId }) })
  }
  return items
}
