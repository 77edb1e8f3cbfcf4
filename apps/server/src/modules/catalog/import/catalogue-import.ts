import type { CatalogueImportReport, Product, ProductInput } from '@tavlin/contracts'
import { AppError } from '../../../lib/errors.js'
import type { Actor, AuditService } from '../../audit/index.js'
import type { CatalogContents } from '../catalog-contents.js'
import type { CatalogRepository } from '../catalog.repository.js'
import type { ProductFilter, ProductRecord, ProductWrite } from '../products/products.repository.js'
import { mappingOf } from './import-categories.js'
import type { DraftSource } from './import-draft.js'
import { IMPORT_LIMITS, readImportFile, type ImportFile } from './import-file.js'
import { ImportFileError } from './import-messages.js'
import { planDrafts, type PlannedItem } from './import-plan.js'
import { shopifyDrafts, isShopifySheet } from './shopify-source.js'
import { tavlinDrafts, tavlinSheetOf } from './tavlin-source.js'
import { isWooSheet, wooDrafts } from './woocommerce-source.js'
import { isRemote, RemoteImageError, type RemoteImages } from './remote-image.js'
import { problemText } from './import-messages.js'

/**
 * The catalogue import (issue 37, decision 285): a file read, its products judged and
 * matched, reported; applied only when no row has a problem, in one transaction, recorded
 * once in the activity log. The same file twice: the second finds everything unchanged.
 */
export type CatalogueImportDeps = {
  contents: CatalogContents
  rows: CatalogRepository<ProductRecord, ProductFilter, ProductWrite>
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

/** Which format the file is: ours, WooCommerce's or Shopify's product export. */
function sourceOf(file: ImportFile): DraftSource {
  const ours = tavlinSheetOf(file.sheets)
  if (ours) return tavlinDrafts(ours)
  const [sheet] = file.sheets
  if (sheet && isWooSheet(sheet)) return wooDrafts(sheet)
  if (sheet && isShopifySheet(sheet)) return shopifyDrafts(sheet)
  throw new ImportFileError('unknownFormat')
}

async function existingProducts(contents: CatalogContents): Promise<Product[]> {
  const all: Product[] = []
  for await (const batch of contents.products()) all.push(...batch)
  return all
}

function reportOf(
  file: ImportFile,
  source: DraftSource,
  items: PlannedItem[],
  applied: boolean,
): CatalogueImportReport {
  const count = (status: PlannedItem['status']) => items.filter((item) => item.status === status).length
  const unknown = new Map<string, number[]>()
  for (const item of items)
    for (const name of item.unknownCategories) unknown.set(name, [...(unknown.get(name) ?? []), item.row])
  return {
    source: source.label,
    format: file.format,
    encoding: file.encoding,
    applied,
    counts: {
      create: count('create'),
      change: count('change'),
      unchanged: count('unchanged'),
      invalid: count('invalid'),
    },
    items: items.map(({ write: _write, unknownCategories: _unknown, ...item }) => item),
    unknownCategories: [...unknown].map(([name, rows]) => ({ name, rows })),
  }
}

/** A whole file refused: 422 with its Hebrew reason. */
const refused = (error: ImportFileError) =>
  new AppError('CATALOGUE_IMPORT_FILE', error.message, { reason: error.code })

export function createCatalogueImport(deps: CatalogueImportDeps) {
  async function plan(bytes: Uint8Array, options: ImportOptions) {
    try {
      const file = await readImportFile(bytes)
      const source = sourceOf(file)
      if (source.drafts.length === 0) throw new ImportFileError('noRows')
      if (source.drafts.length > IMPORT_LIMITS.products)
        throw new ImportFileError('tooManyProducts', {
          products: source.drafts.length,
          limit: IMPORT_LIMITS.products,
        })
      const existing = await existingProducts(deps.contents)
      const items = await planDrafts(source.drafts, {
        existing,
        mapping: mappingOf(options.map),
        toWrite: deps.toWrite,
        ...(deps.images && { checkImage: (url: string) => deps.images!.remote.check(url) }),
      })
      return { file, source, items }
    } catch (error) {
      throw error instanceof ImportFileError ? refused(error) : error
    }
  }

  return {
    /** The dry run: what applying would do, and every row's problems. Writes nothing. */
    async dryRun(bytes: Uint8Array, options: ImportOptions = {}): Promise<CatalogueImportReport> {
      const { file, source, items } = await plan(bytes, options)
      return reportOf(file, source, items, false)
    },

    /** All or nothing: any row with a problem refuses the file (422 with the report). */
    async apply(
      bytes: Uint8Array,
      options: ImportOptions = {},
      actor?: Actor,
    ): Promise<CatalogueImportReport> {
      const { file, source, items } = await plan(bytes, options)
      const report = reportOf(file, source, items, false)
      if (report.counts.invalid > 0)
        throw new AppError(
          'CATALOGUE_IMPORT_INVALID',
          'Rows of the file have problems: nothing was imported',
          report,
        )
      const writes = items.filter((item) => item.status === 'create' || item.status === 'change')
      if (writes.length === 0) return { ...report, applied: true }
      const stored = await fetchImages(writes, deps.images)
      if (writes.some((item) => item.status === 'invalid')) {
        await deps.images?.release(stored)
        const refusedReport = reportOf(file, source, items, false)
        throw new AppError(
          'CATALOGUE_IMPORT_INVALID',
          'An image of the file could not be fetched: nothing was imported',
          refusedReport,
        )
      }
      const by = actor ? (actor.email ?? actor.subject) : null
      await deps.rows.transaction(async (tx) => {
        for (const item of writes)
          if (item.productId) await tx.update(item.productId, item.write!, by)
          else await tx.insert(item.write!, by)
      })
      await deps.audit.record(actor, {
        action: 'import',
        entityType: 'catalogue',
        entityId: source.label,
        summary: `ייבוא ${source.label}: ${report.counts.create} נוספו, ${report.counts.change} עודכנו, ${report.counts.unchanged} ללא שינוי`,
      })
      return { ...report, applied: true }
    },
  }
}

export type CatalogueImport = ReturnType<typeof createCatalogueImport>

/**
 * The new products' images, fetched and stored before the transaction (each address once);
 * a failed image turns its row invalid, which refuses the file. Returns what was stored.
 */
async function fetchImages(items: PlannedItem[], images: ImportImages | undefined): Promise<string[]> {
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
