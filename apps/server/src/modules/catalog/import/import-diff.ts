import { toAgorot, toShekels, type CatalogueImportItem, type Product } from '@tavlin/contracts'
import { NO, YES } from '../export/columns.js'
import { PRODUCT_COLUMNS } from '../export/product-columns.js'
import type { ProductWrite } from '../products/products.repository.js'

/**
 * What applying a row would change in a product, field by field, in the words of the export's
 * column titles; a size's fields are prefixed with its name. No change: an empty list.
 */
type Change = CatalogueImportItem['changes'][number]

const title = (key: string) => PRODUCT_COLUMNS.find((column) => column.key === key)?.header ?? key

/** Deterministic JSON (keys sorted): two equal labellings compare equal whatever their key order. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`)
      .join(',')}}`
  return JSON.stringify(value ?? null)
}

const shown = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string' || typeof value === 'number'
      ? String(value)
      : typeof value === 'boolean'
        ? value
          ? YES
          : NO
        : stable(value)

type Sized = {
  sizeQuantity: number
  priceAgorot: number
  stock: number | null
  sku: string | null
  barcode: string | null
}

function sizeChanges(before: Map<string, Sized>, after: ProductWrite['sizes'], changes: Change[]) {
  const order = (sizes: Iterable<string>) => [...sizes].join(' | ')
  const afterNames = after.map((size) => size.sizeName)
  if (order(before.keys()) !== order(afterNames))
    changes.push({
      field: title('pricing.size.sizeName'),
      before: order(before.keys()),
      after: order(afterNames),
    })
  for (const size of after) {
    const old = before.get(size.sizeName)
    if (!old) continue
    const fields: Array<[string, unknown, unknown]> = [
      ['pricing.size.sizeQuantity', old.sizeQuantity, size.sizeQuantity],
      ['pricing.price', toShekels(old.priceAgorot), toShekels(size.priceAgorot)],
      ['pricing.stock', old.stock, size.stock],
      ['pricing.sku', old.sku, size.sku],
      ['pricing.barcode', old.barcode, size.barcode],
    ]
    for (const [key, was, now] of fields)
      if (shown(was) !== shown(now))
        changes.push({ field: `${size.sizeName} · ${title(key)}`, before: shown(was), after: shown(now) })
  }
}

export function changesOf(product: Product, write: ProductWrite): Change[] {
  const changes: Change[] = []
  const fields: Array<[string, unknown, unknown]> = [
    ['name', product.name, write.name],
    ['nameInEnglish', product.nameInEnglish ?? null, write.nameInEnglish],
    ['shortDescription', product.shortDescription, write.shortDescription],
    ['image', product.image, write.image],
    ['categories', product.categories.map((c) => c.nameInEnglish).join('|'), write.categories.join('|')],
    [
      'subCategories',
      product.subCategories.map((c) => c.nameInEnglish).join('|'),
      write.subCategories.join('|'),
    ],
    ['perishable', product.perishable ?? false, write.perishable],
    ['isHidden', product.isHidden, write.isHidden],
    ['features', product.features.value, write.features],
    ['labelling.ingredients', product.labelling.ingredients, write.labelling.ingredients],
    ['labelling.allergens', product.labelling.allergens, write.labelling.allergens],
    ['labelling.mayContain', product.labelling.mayContain, write.labelling.mayContain],
    ['labelling.countryOfOrigin', product.labelling.countryOfOrigin, write.labelling.countryOfOrigin],
    ['labelling.storage', product.labelling.storage, write.labelling.storage],
    ['labelling.nutrition', product.labelling.nutrition, write.labelling.nutrition],
  ]
  for (const [key, was, now] of fields)
    if (shown(was) !== shown(now)) {
      const field =
        key === 'features' ? 'מאפיינים' : key === 'labelling.nutrition' ? 'סימון תזונתי' : title(key)
      changes.push({ field, before: shown(was), after: shown(now) })
    }
  const before = new Map(
    product.pricing.map((option) => [
      option.size.sizeName,
      {
        sizeQuantity: option.size.sizeQuantity,
        priceAgorot: toAgorot(option.price),
        stock: option.stock ?? null,
        sku: option.sku ?? null,
        barcode: option.barcode ?? null,
      },
    ]),
  )
  sizeChanges(before, write.sizes, changes)
  return changes
}
