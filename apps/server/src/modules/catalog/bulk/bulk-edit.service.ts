import {
  BULK_EDIT_MAX_PRODUCTS,
  PRODUCT_CATEGORIES,
  toAgorot,
  toShekels,
  type BulkAction,
  type BulkEditOutcome,
  type BulkEditRequest,
  type BulkProductState,
  type BulkRefusal,
  type BulkSelection,
  type BulkUndoOutcome,
  type LastBulkChange,
} from '@tavlin/contracts'
import type { Transaction } from '../../../db/unit-of-work.js'
import { AppError, invalidField, notFound } from '../../../lib/errors.js'
import { toIso } from '../../../lib/iso-time.js'
import { searchTermsOf, searchTextOf } from '../../../lib/search-text.js'
import type { Actor, AuditService } from '../../audit/index.js'
import type { CatalogRepository } from '../catalog.repository.js'
import { actorName } from '../catalog.service.js'
import type { ProductFilter, ProductRecord, ProductWrite } from '../products/products.repository.js'
import { visibilityOf } from '../products/products.config.js'
import { applyBulkAction, sameState, undoState } from './bulk-edit.js'
import type { BulkChangedProduct, BulkEditRepository } from './bulk-edit.repository.js'

type ProductRows = CatalogRepository<ProductRecord, ProductFilter, ProductWrite>

export type ProductsBulkEditDeps = {
  /** The products' repository, on the database or bound to a transaction. */
  rowsIn(tx?: Transaction): ProductRows
  repository: BulkEditRepository
  audit: AuditService
}

export type ProductsBulkEdit = ReturnType<typeof createProductsBulkEdit>

/**
 * Many products at once (issue 37, decisions 291 and 293): prices by a percent or an amount,
 * every size's count, a category added or removed, hidden from the shop or shown again. A preview first; the change itself is one
 * transaction over every product or none, recorded so the latest can be undone once.
 */
export function createProductsBulkEdit({ rowsIn, repository, audit }: ProductsBulkEditDeps) {
  return {
    preview: async (request: BulkEditRequest): Promise<BulkEditOutcome> => {
      const records = await selected(rowsIn(), request.selection)
      return { ...planOf(records, request.action), applied: false, bulkChangeId: null }
    },

    async apply(request: BulkEditRequest, actor?: Actor): Promise<BulkEditOutcome> {
      const outcome = await repository.transaction(async (tx) => {
        const rows = rowsIn(tx)
        // Read again inside the transaction: the change applies to the products as they are now.
        const records = await selected(rows, request.selection)
        const plan = planOf(records, request.action)
        if (plan.changes.length === 0) return { ...plan, applied: true, bulkChangeId: null }
        const byId = new Map(records.map((record) => [record.id, record]))
        for (const change of plan.changes) {
          await rows.update(change._id, writeOf(byId.get(change._id)!, change.after), actorName(actor))
        }
        const products = plan.changes.map(({ _id, name, before, after }) => ({
          id: _id,
          name,
          before,
          after,
        }))
        const id = await repository.insert(tx, { actor: actorName(actor), action: request.action, products })
        return { ...plan, applied: true, bulkChangeId: id }
      })
      if (outcome.bulkChangeId) {
        await audit.record(actor, {
          action: 'update',
          entityType: 'product',
          entityId: outcome.bulkChangeId,
          summary: `שינוי מרוכז: ${outcome.changes.length} מוצרים (${describeAction(request.action)})`,
        })
      }
      return outcome
    },

    async last(): Promise<LastBulkChange | null> {
      const latest = await repository.findLatest()
      if (!latest) return null
      return {
        _id: latest.id,
        at: toIso(latest.createdAt),
        action: latest.action,
        count: latest.products.length,
        undone: latest.undoneAt !== null,
      }
    },

    async undo(id: string, actor?: Actor): Promise<BulkUndoOutcome> {
      const outcome = await repository.transaction(async (tx) => {
        const change = await repository.findById(tx, id)
        if (!change) throw notFound('Bulk change')
        // Only the latest change can be undone: an older one's values may lie under a later one.
        if ((await repository.findLatest(tx))?.id !== id) {
          throw new AppError('CONFLICT', 'Only the latest bulk change can be undone')
        }
        if (!(await repository.markUndone(tx, id))) {
          throw new AppError('CONFLICT', 'This bulk change was already undone')
        }
        return restore(rowsIn(tx), change.products, actor)
      })
      await audit.record(actor, {
        action: 'update',
        entityType: 'product',
        entityId: id,
        summary: `ביטול שינוי מרוכז: ${outcome.restored} מוצרים`,
      })
      return outcome
    },
  }
}

/** The chosen products: by id (every one must exist) or every one the filter finds. */
async function selected(rows: ProductRows, selection: BulkSelection): Promise<ProductRecord[]> {
  if ('ids' in selection) {
    const ids = [...new Set(selection.ids)]
    const records = await rows.findByIds(ids)
    if (records.length !== ids.length) throw notFound('Product')
    return records.sort((a, b) => a.name.localeCompare(b.name, 'he'))
  }
  const { category, subCategory, filter, visibility } = selection.filter
  const page = await rows.findPage(
    { category, subCategory, isHidden: visibilityOf(visibility), terms: searchTermsOf(filter) },
    { limit: BULK_EDIT_MAX_PRODUCTS + 1, offset: 0 },
  )
  if (page.rows.length === 0) throw invalidField('body.selection', 'validation.bulkEdit.nothingSelected')
  if (page.rows.length > BULK_EDIT_MAX_PRODUCTS) {
    throw invalidField('body.selection', 'validation.bulkEdit.tooMany')
  }
  return page.rows
}

/** Each product's before and after; 422 naming every product the action cannot apply to. */
function planOf(records: ProductRecord[], action: BulkAction) {
  const changes: BulkEditOutcome['changes'] = []
  const refusals: BulkRefusal[] = []
  let unchanged = 0
  for (const record of records) {
    const before = stateOf(record)
    const after = applyBulkAction(before, action)
    if (typeof after === 'string') refusals.push({ _id: record.id, name: record.name, reason: after })
    else if (sameState(before, after)) unchanged += 1
    else changes.push({ _id: record.id, name: record.name, before, after })
  }
  if (refusals.length > 0) {
    throw new AppError('BULK_EDIT_REFUSED', 'Some products cannot take this change', refusals)
  }
  return { changes, unchanged }
}

async function restore(
  rows: ProductRows,
  changed: BulkChangedProduct[],
  actor: Actor | undefined,
): Promise<BulkUndoOutcome> {
  const records = new Map((await rows.findByIds(changed.map((item) => item.id))).map((r) => [r.id, r]))
  const keptChangedSince: BulkUndoOutcome['keptChangedSince'] = []
  let restored = 0
  for (const item of changed) {
    const record = records.get(item.id)
    // Deleted since: nothing to put back.
    if (!record) continue
    const { state, kept } = undoState(stateOf(record), item)
    if (kept) keptChangedSince.push({ _id: record.id, name: record.name })
    if (sameState(state, stateOf(record))) continue
    await rows.update(record.id, writeOf(record, state), actorName(actor))
    restored += 1
  }
  return { restored, keptChangedSince }
}

function stateOf(record: ProductRecord): BulkProductState {
  return {
    sizes: record.sizes.map((size) => ({
      sizeName: size.sizeName,
      price: toShekels(size.priceAgorot),
      stock: size.stock,
    })),
    categories: record.categories,
    subCategories: record.subCategories,
    isHidden: record.isHidden,
  }
}

/** The product as it is, with the state's prices, counts and categories. */
function writeOf(record: ProductRecord, state: BulkProductState): ProductWrite {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = record
  return {
    ...fields,
    categories: state.categories,
    subCategories: state.subCategories,
    isHidden: state.isHidden ?? record.isHidden,
    sizes: record.sizes.map((size) => {
      const changed = state.sizes.find((item) => item.sizeName === size.sizeName)
      return changed ? { ...size, priceAgorot: toAgorot(changed.price), stock: changed.stock } : size
    }),
    searchText: searchTextOf(record.name, record.nameInEnglish, record.shortDescription),
    searchName: searchTextOf(record.name, record.nameInEnglish),
  }
}

function describeAction(action: BulkAction): string {
  switch (action.kind) {
    case 'price': {
      const { by, value } = action.change
      const sign = value > 0 ? '+' : '−'
      return `מחיר ${sign}${by === 'percent' ? `${Math.abs(value)}%` : `₪${Math.abs(value)}`}`
    }
    case 'stock':
      return action.stock === null ? 'מלאי: ללא מעקב' : `מלאי: ${action.stock}`
    case 'category': {
      const name = PRODUCT_CATEGORIES.find((item) => item.nameInEnglish === action.category)?.nameInHebrew
      return `${action.operation === 'add' ? 'הוספת' : 'הסרת'} הקטגוריה ${name ?? action.category}`
    }
    case 'visibility':
      return action.isHidden ? 'הסתרה מהחנות' : 'הצגה בחנות'
  }
}
