import {
  PRODUCT_SUB_CATEGORIES,
  toAgorot,
  toShekels,
  type BulkAction,
  type BulkPriceRounding,
  type BulkProductState,
  type BulkRefusal,
} from '@tavlin/contracts'

type PriceAction = Extract<BulkAction, { kind: 'price' }>

const parentOf = new Map<string, string>(
  PRODUCT_SUB_CATEGORIES.map((sub) => [sub.nameInEnglish, sub.nameOfParentCategory]),
)

/**
 * A size's new price in agorot, or null when it would not stay positive. A percent change is
 * rounded once, at the end, the way the owner chose: to the agora, or to the nearest ₪x.90
 * (ties upwards, never under ₪0.90).
 */
export function newPriceAgorot(agorot: number, action: PriceAction): number | null {
  const { change, rounding } = action
  const raw =
    change.by === 'percent' ? (agorot * (100 + change.value)) / 100 : agorot + toAgorot(change.value)
  if (raw <= 0) return null
  return roundPrice(raw, rounding)
}

function roundPrice(agorot: number, rounding: BulkPriceRounding): number {
  if (rounding === 'agora') return Math.max(1, Math.round(agorot))
  // The nearest price ending in 90 agorot: …, 22.90, 23.90, … (floor(x + 0.5) rounds ties up).
  return Math.max(90, Math.floor((agorot - 90) / 100 + 0.5) * 100 + 90)
}

/** What `action` makes of one product's state, or why it cannot take it. */
export function applyBulkAction(
  state: BulkProductState,
  action: BulkAction,
): BulkProductState | BulkRefusal['reason'] {
  switch (action.kind) {
    case 'price': {
      const sizes = []
      for (const size of state.sizes) {
        const price = newPriceAgorot(toAgorot(size.price), action)
        if (price === null) return 'pricePositive'
        sizes.push({ ...size, price: toShekels(price) })
      }
      return { ...state, sizes }
    }
    case 'stock':
      return { ...state, sizes: state.sizes.map((size) => ({ ...size, stock: action.stock })) }
    case 'category': {
      if (action.operation === 'add') {
        if (state.categories.includes(action.category)) return state
        return { ...state, categories: [...state.categories, action.category] }
      }
      const categories = state.categories.filter((name) => name !== action.category)
      if (categories.length === state.categories.length) return state
      // Spec §5: every product keeps a category; a subcategory goes with its parent.
      if (categories.length === 0) return 'lastCategory'
      const subCategories = state.subCategories.filter((sub) => parentOf.get(sub) !== action.category)
      return { ...state, categories, subCategories }
    }
    case 'visibility':
      return { ...state, isHidden: action.isHidden }
  }
}

export function sameState(a: BulkProductState, b: BulkProductState): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * The undo of one product, field by field: a size's price, a size's count and the categories
 * go back to `before` only where they still hold what the bulk change wrote; a value someone
 * changed since (an edit, a sale taking units) is kept. `kept` says whether any was.
 */
export function undoState(
  current: BulkProductState,
  change: { before: BulkProductState; after: BulkProductState },
): { state: BulkProductState; kept: boolean } {
  let kept = false
  const sizes = current.sizes.map((size) => {
    const before = change.before.sizes.find((old) => old.sizeName === size.sizeName)
    const after = change.after.sizes.find((old) => old.sizeName === size.sizeName)
    if (!before || !after) return size
    // Only a value the change altered and someone changed since is kept and reported.
    if (before.price !== after.price && size.price !== after.price) kept = true
    if (before.stock !== after.stock && size.stock !== after.stock) kept = true
    const price = size.price === after.price ? before.price : size.price
    const stock = size.stock === after.stock ? before.stock : size.stock
    return { ...size, price, stock }
  })
  const categoriesAsWritten =
    sameList(current.categories, change.after.categories) &&
    sameList(current.subCategories, change.after.subCategories)
  const categoriesChanged = !sameList(change.before.categories, change.after.categories)
  if (categoriesChanged && !categoriesAsWritten) kept = true
  const visibility = undoVisibility(current.isHidden, change)
  if (visibility.kept) kept = true
  return {
    state: {
      ...(categoriesAsWritten
        ? { sizes, categories: change.before.categories, subCategories: change.before.subCategories }
        : { ...current, sizes }),
      ...(visibility.isHidden === undefined ? {} : { isHidden: visibility.isHidden }),
    },
    kept,
  }
}

/**
 * Hidden or shown again as before, unless someone changed it since. A change kept before
 * products could be hidden (migration 0030) has no visibility: the current one stays.
 */
function undoVisibility(
  current: boolean | undefined,
  { before, after }: { before: BulkProductState; after: BulkProductState },
): { isHidden: boolean | undefined; kept: boolean } {
  if (before.isHidden === undefined || after.isHidden === undefined || before.isHidden === after.isHidden)
    return { isHidden: current, kept: false }
  return current === after.isHidden
    ? { isHidden: before.isHidden, kept: false }
    : { isHidden: current, kept: true }
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index])
}
