import type { CatalogueImportReport, ProductInput } from '@tavlin/contracts'
import { AppError } from '../../../lib/errors.js'
import type { Actor, AuditService } from '../../audit/index.js'
import type { CatalogContents } from '../catalog-contents.js'
import type { InsertKept } from '../catalog.repository.js'
import type { ProductWrite } from '../products/products.repository.js'
import { mappingOf } from './import-categories.js'
import type { DraftSource } from './import-draft.js'
import { IMPORT_LIMITS, readImportFile, type ImportFile } from './import-file.js'
import {
  planRecipesAndPackages,
  type LinkedSources,
  type PackageRows,
  type ProductRows,
  type RecipeRows,
} from './import-linked.js'
import { ImportFileError, problemText } from './import-messages.js'
import { planDrafts, type PlannedItem } from './import-plan.js'
import { auditSummary, invalidCount, reportOf } from './import-report.js'
import { packageDrafts, packageSheetOf } from './package-source.js'
import { recipeDrafts, recipeSheetOf } from './recipe-source.js'
import { isRemote, RemoteImageError, type RemoteImages } from './remote-image.js'
import { shopifyDrafts, isShopifySheet } from './shopify-source.js'
import { tavlinDrafts, tavlinSheetOf } from './tavlin-source.js'
import { isWooSheet, wooDrafts } from './woocommerce-source.js'

/**
 * The catalogue import (issue 37, decisions 285 and 292): a file read, its products, recipes
 * and packages judged and matched, reported; applied only when no row has a problem, in one
 * transaction, recorded once in the activity log. The same file twice: the second finds
 * everything unchanged.
 */
export type CatalogueImportDeps = {
  contents: CatalogContents
  rows: ProductRows
  recipeRows: RecipeRows
  /** Products, recipes and packages written in one transaction, each by its own repository. */
  transaction<T>(
    work: (rows: { products: ProductRows; recipes: RecipeRows; packages: PackageRows }) => Promise<T>,
  ): Promise<T>
  toWrite(input: ProductInput): Promise<ProductWrite>
  audit: AuditService
  /** Images given as addresses: checked, fetched and stored by the upload pipeline. Absent: refused. */
  images?: ImportImages
}

export type ImportImages = {
  remote: Pick<RemoteImages, 'check' | 'fetch'>
  /** The upload pipeline (type and size checks, re-encoded to WebP): the stored image's address. */
  store(data: Buffer, name: string): Promise<string>
  release(urls: readonly string[]): Promise<void>
}

export type ImportOptions = { map?: readonly string[] | Record<string, string> }

type Sources = { products: DraftSource; linked: LinkedSources }

/** Which format the file is: ours (any of its three sheets or CSV files), WooCommerce's or Shopify's. */
function sourceOf(file: ImportFile): Sources {
  const ours = tavlinSheetOf(file.sheets)
  const recipes = recipeSheetOf(file.sheets)
  const packages = packageSheetOf(file.sheets)
  if (ours || recipes || packages)
    return {
      products: ours ? tavlinDrafts(ours) : { label: 'tavlin', drafts: [] },
      linked: {
        recipes: recipes ? recipeDrafts(recipes) : [],
        packages: packages ? packageDrafts(packages) : [],
      },
    }
  const [sheet] = file.sheets
  const none = { recipes: [], packages: [] }
  if (sheet && isWooSheet(sheet)) return { products: wooDrafts(sheet), linked: none }
  if (sheet && isShopifySheet(sheet)) return { products: shopifyDrafts(sheet), linked: none }
  throw new ImportFileError('unknownFormat')
}

async function all<T>(batches: AsyncGenerator<T[]>): Promise<T[]> {
  const items: T[] = []
  for await (const batch of batches) items.push(...batch)
  return items
}

/** A whole file refused: 422 with its Hebrew reason. */
const refused = (error: ImportFileError) =>
  new AppError('CATALOGUE_IMPORT_FILE', error.message, { reason: error.code })

const isWrite = (item: { status: string }) => item.status === 'create' || item.status === 'change'

/**
 * New entities in the file's order: the Nth is stamped N milliseconds after the one before it
 * (all in the past), so the lists and the next export keep the file's order.
 */
const stampsFor =
  (count: number, now = Date.now()) =>
  (index: number) =>
    new Date(now - (count - index))

async function writeAll<Write>(
  rows: {
    insert(write: Write, by: string | null, keep: InsertKept): Promise<string>
    update(id: string, write: Write, by: string | null): Promise<boolean>
  },
  items: ReadonlyArray<{ status: string; productId: string | null; keptId?: string; write?: Write }>,
  by: string | null,
) {
  const stamp = stampsFor(items.filter((item) => item.status === 'create').length)
  let created = 0
  for (const item of items.filter(isWrite))
    if (item.productId) await rows.update(item.productId, item.write!, by)
    else
      await rows.insert(item.write!, by, {
        createdAt: stamp(created++),
        ...(item.keptId && { id: item.keptId }),
      })
}

/** The file read, and what it would do: every kind judged, matched and diffed. */
async function planOf(deps: CatalogueImportDeps, bytes: Uint8Array, options: ImportOptions) {
  try {
    const file = await readImportFile(bytes)
    const source = sourceOf(file)
    const { drafts } = source.products
    if (drafts.length + source.linked.recipes.length + source.linked.packages.length === 0)
      throw new ImportFileError('noRows')
    if (drafts.length > IMPORT_LIMITS.products)
      throw new ImportFileError('tooManyProducts', {
        products: drafts.length,
        limit: IMPORT_LIMITS.products,
      })
    const existing = await all(deps.contents.products())
    const checkImage = deps.images && ((url: string) => deps.images!.remote.check(url))
    const products = await planDrafts(drafts, {
      existing,
      mapping: mappingOf(options.map),
      toWrite: deps.toWrite,
      ...(checkImage && { checkImage }),
    })
    const linked = await planRecipesAndPackages(
      source.linked,
      { drafts, items: products, existing },
      {
        productRows: deps.rows,
        recipeRows: deps.recipeRows,
        existingRecipes: () => all(deps.contents.recipes()),
        existingPackages: () => all(deps.contents.packages()),
        ...(checkImage && { checkImage }),
      },
    )
    return { file, source: source.products, plan: { products, ...linked } }
  } catch (error) {
    throw error instanceof ImportFileError ? refused(error) : error
  }
}

export function createCatalogueImport(deps: CatalogueImportDeps) {
  const plan = (bytes: Uint8Array, options: ImportOptions) => planOf(deps, bytes, options)

  return {
    /** The dry run: what applying would do, and every row's problems. Writes nothing. */
    async dryRun(bytes: Uint8Array, options: ImportOptions = {}): Promise<CatalogueImportReport> {
      const { file, source, plan: planned } = await plan(bytes, options)
      return reportOf(file, source, planned, false)
    },

    /** All or nothing: any row with a problem refuses the file (422 with the report). */
    async apply(
      bytes: Uint8Array,
      options: ImportOptions = {},
      actor?: Actor,
    ): Promise<CatalogueImportReport> {
      const { file, source, plan: planned } = await plan(bytes, options)
      const report = reportOf(file, source, planned, false)
      if (invalidCount(report) > 0)
        throw new AppError(
          'CATALOGUE_IMPORT_INVALID',
          'Rows of the file have problems: nothing was imported',
          report,
        )
      const writes = [...planned.products, ...planned.recipes, ...planned.packages].filter(isWrite)
      if (writes.length === 0) return { ...report, applied: true }
      const stored = await fetchImages(writes, deps.images)
      if (writes.some((item) => item.status === 'invalid')) {
        await deps.images?.release(stored)
        throw new AppError(
          'CATALOGUE_IMPORT_INVALID',
          'An image of the file could not be fetched: nothing was imported',
          reportOf(file, source, planned, false),
        )
      }
      const by = actor ? (actor.email ?? actor.subject) : null
      // Products first: the recipes and packages after them may link to the new ones.
      await deps.transaction(async (rows) => {
        await writeAll(rows.products, planned.products, by)
        await writeAll(rows.recipes, planned.recipes, by)
        await writeAll(rows.packages, planned.packages, by)
      })
      await deps.audit.record(actor, {
        action: 'import',
        entityType: 'catalogue',
        entityId: source.label,
        summary: auditSummary(source.label, report),
      })
      return { ...report, applied: true }
    },
  }
}

export type CatalogueImport = ReturnType<typeof createCatalogueImport>

/**
 * The new products', recipes' and packages' images, fetched and stored before the transaction
 * (each address once); a failed image turns its row invalid, which refuses the file. Returns
 * what was stored.
 */
async function fetchImages(
  items: Array<Pick<PlannedItem, 'row' | 'status' | 'problems'> & { write?: { image: string } }>,
  images: ImportImages | undefined,
): Promise<string[]> {
  const stored = new Map<string, string>()
  for (const item of items) {
    const address = item.write!.image
    if (!isRemote(address)) continue
    try {
      if (!images) throw new RemoteImageError('אפשר לטעון תמונות מכתובת רק מתוך ממשק הניהול')
      let url = stored.get(address)
      if (!url) {
        url = await images.store(await images.remote.fetch(address), address.split('/').pop() ?? 'image')
        stored.set(address, url)
      }
      item.write!.image = url
    } catch (error) {
      const reason =
        error instanceof RemoteImageError ? error.message : 'התמונה אינה תמונה תקינה (JPEG, PNG, GIF או WebP)'
      item.status = 'invalid'
      item.problems.push({
        row: item.row,
        column: null,
        code: 'import.image',
        message: problemText('import.image', { value: reason }),
      })
    }
  }
  return [...stored.values()]
}
