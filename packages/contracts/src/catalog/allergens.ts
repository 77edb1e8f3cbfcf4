// Kept apart from the zod schemas of food-labelling.ts: the storefront's light response
// shapes read this list, and importing it must not bring zod into the first load (decision 095).

/**
 * The major allergens that must be declared (the fourteen of the Public Health (Food)
 * labelling rules as amended on 1 Jan 2025, the same list as the EU's Annex II).
 */
export const allergenNames = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'treeNuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const
export type AllergenName = (typeof allergenNames)[number]
