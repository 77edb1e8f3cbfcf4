import { PRODUCT_CATEGORIES, PRODUCT_SUB_CATEGORIES } from '@tavlin/contracts'

/**
 * A file's category names against the shop's taxonomy (issue 37): by English or Hebrew name,
 * any letter case, or through the owner's mapping (old name → ours). Nothing is invented: a
 * name that matches nothing is reported, with its rows, for the mapping step.
 */
type Found = { category: string; subCategory?: string }

const INDEX = new Map<string, Found>()
for (const category of PRODUCT_CATEGORIES) {
  INDEX.set(category.nameInEnglish.toLowerCase(), { category: category.nameInEnglish })
  INDEX.set(category.nameInHebrew, { category: category.nameInEnglish })
}
for (const sub of PRODUCT_SUB_CATEGORIES) {
  const found = { category: sub.nameOfParentCategory, subCategory: sub.nameInEnglish }
  INDEX.set(sub.nameInEnglish.toLowerCase(), found)
  INDEX.set(sub.nameInHebrew, found)
}

export type CategoryMapping = ReadonlyMap<string, string>

const normal = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')

/** `old=new` pairs (the CLI's --map, the admin's mapping step) as a mapping. */
export function mappingOf(pairs: Record<string, string> | readonly string[] = {}): CategoryMapping {
  const entries = Array.isArray(pairs)
    ? pairs.map((pair) => {
        const at = pair.lastIndexOf('=')
        return [pair.slice(0, at), pair.slice(at + 1)] as const
      })
    : Object.entries(pairs)
  return new Map(
    entries.filter(([old, ours]) => old.trim() && ours.trim()).map(([o, n]) => [normal(o), n.trim()]),
  )
}

const lookUp = (name: string, mapping: CategoryMapping): Found | undefined => {
  const mapped = mapping.get(normal(name)) ?? name
  return INDEX.get(normal(mapped)) ?? INDEX.get(mapped.trim())
}

/**
 * One name from a file: itself, or a WooCommerce path ("Spices > Blends") by its whole path
 * or its parts, the deepest known part winning.
 */
export function resolveCategory(name: string, mapping: CategoryMapping): Found[] | undefined {
  const direct = lookUp(name, mapping)
  if (direct) return [direct]
  const parts = name
    .split('>')
    .map((part) => part.trim())
    .filter(Boolean)
  if (parts.length < 2) return undefined
  const found = parts.map((part) => lookUp(part, mapping)).filter((hit): hit is Found => hit !== undefined)
  return found.length > 0 ? found : undefined
}

export type ResolvedCategories = { categories: string[]; subCategories: string[]; unknown: string[] }

export function resolveCategories(names: readonly string[], mapping: CategoryMapping): ResolvedCategories {
  const categories: string[] = []
  const subCategories: string[] = []
  const unknown: string[] = []
  for (const name of names) {
    const found = resolveCategory(name, mapping)
    if (!found) {
      unknown.push(name)
      continue
    }
    for (const hit of found) {
      if (!categories.includes(hit.category)) categories.push(hit.category)
      if (hit.subCategory && !subCategories.includes(hit.subCategory)) subCategories.push(hit.subCategory)
    }
  }
  return { categories, subCategories, unknown }
}

const HEBREW = new Map<string, string>([
  ...PRODUCT_CATEGORIES.map((c) => [c.nameInEnglish, c.nameInHebrew] as const),
  ...PRODUCT_SUB_CATEGORIES.map((c) => [c.nameInEnglish, c.nameInHebrew] as const),
])
const PARENT = new Map<string, string>(
  PRODUCT_SUB_CATEGORIES.map((c) => [c.nameInEnglish, c.nameOfParentCategory]),
)

/** The contracts' category objects of English names. */
export const categoryObjects = (names: readonly string[]) =>
  names.map((name) => ({ nameInEnglish: name, nameInHebrew: HEBREW.get(name) ?? name }))

export const subCategoryObjects = (names: readonly string[]) =>
  names.map((name) => ({
    nameInEnglish: name,
    nameInHebrew: HEBREW.get(name) ?? name,
    nameOfParentCategory: PARENT.get(name) ?? '',
  }))
