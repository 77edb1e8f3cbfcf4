/**
 * The category taxonomy of spec §3. English names are the stable identifiers
 * used in URLs and queries (`/products?category=spices`); Hebrew names are shown.
 */
export const PRODUCT_CATEGORIES = [
  { nameInEnglish: 'spices', nameInHebrew: 'תבלינים' },
  { nameInEnglish: 'flours', nameInHebrew: 'קמחים' },
  { nameInEnglish: 'legumes', nameInHebrew: 'קטניות' },
  { nameInEnglish: 'beverages', nameInHebrew: 'משקאות' },
  { nameInEnglish: 'others', nameInHebrew: 'אחרים' },
  { nameInEnglish: 'tobia', nameInHebrew: 'טוביה' },
] as const

export type ProductCategoryName = (typeof PRODUCT_CATEGORIES)[number]['nameInEnglish']

export const PRODUCT_SUB_CATEGORIES = [
  { nameInEnglish: 'base', nameInHebrew: 'תבליני בסיס', nameOfParentCategory: 'spices' },
  { nameInEnglish: 'spice-blends', nameInHebrew: 'תערובות תבלינים', nameOfParentCategory: 'spices' },
  { nameInEnglish: 'special-spices', nameInHebrew: 'תבלינים מיוחדים', nameOfParentCategory: 'spices' },
  { nameInEnglish: 'rice-spices', nameInHebrew: 'תבלינים לאורז', nameOfParentCategory: 'spices' },
  {
    nameInEnglish: 'health-enhancing-spices',
    nameInHebrew: 'תבלינים לבריאות',
    nameOfParentCategory: 'spices',
  },
  { nameInEnglish: 'coffee', nameInHebrew: 'קפה', nameOfParentCategory: 'beverages' },
  { nameInEnglish: 'tea', nameInHebrew: 'תה', nameOfParentCategory: 'beverages' },
  { nameInEnglish: 'alcohol', nameInHebrew: 'אלכוהול', nameOfParentCategory: 'beverages' },
  { nameInEnglish: 'teff', nameInHebrew: 'טף', nameOfParentCategory: 'flours' },
  { nameInEnglish: 'special-varieties', nameInHebrew: 'זנים מיוחדים', nameOfParentCategory: 'flours' },
  { nameInEnglish: 'shiro', nameInHebrew: 'שירו', nameOfParentCategory: 'flours' },
] as const

export type ProductSubCategoryName = (typeof PRODUCT_SUB_CATEGORIES)[number]['nameInEnglish']

/**
 * Spec §3's subcategories of "packages": kinds of the ready-made packages (the מארזים pages),
 * not of products. A package may be of several kinds; /packages filters by them
 * (docs/decisions/248-package-kinds.md).
 */
export const PACKAGE_SUB_CATEGORIES = [
  { nameInEnglish: 'enjera', nameInHebrew: 'אינג׳רה', nameOfParentCategory: 'packages' },
  { nameInEnglish: 'baking', nameInHebrew: 'אפייה', nameOfParentCategory: 'packages' },
  { nameInEnglish: 'desserts', nameInHebrew: 'קינוחים', nameOfParentCategory: 'packages' },
  { nameInEnglish: 'stews', nameInHebrew: 'תבשילים', nameOfParentCategory: 'packages' },
] as const

export type PackageSubCategoryName = (typeof PACKAGE_SUB_CATEGORIES)[number]['nameInEnglish']

/**
 * What a coupon can be limited to: the product categories, and the ready-made packages as a
 * whole (an order's package lines count as `packages`).
 */
export const COUPON_CATEGORIES = [
  ...PRODUCT_CATEGORIES,
  { nameInEnglish: 'packages', nameInHebrew: 'מארזים' },
] as const

export const RECIPE_CATEGORIES = [
  { nameInEnglish: 'stew', nameInHebrew: 'תבשיל' },
  { nameInEnglish: 'injera', nameInHebrew: 'אינג׳רה' },
  { nameInEnglish: 'tibs', nameInHebrew: 'טיבס' },
  { nameInEnglish: 'salad', nameInHebrew: 'סלט' },
  { nameInEnglish: 'bread', nameInHebrew: 'לחם' },
  { nameInEnglish: 'dessert', nameInHebrew: 'קינוח' },
  { nameInEnglish: 'glutenFree', nameInHebrew: 'ללא גלוטן' },
] as const

export type RecipeCategoryName = (typeof RECIPE_CATEGORIES)[number]['nameInEnglish']

export const RECIPE_DIFFICULTIES = ['Easy', 'Medium', 'Hard'] as const
export type RecipeDifficulty = (typeof RECIPE_DIFFICULTIES)[number]

export const productCategoryNames = PRODUCT_CATEGORIES.map((c) => c.nameInEnglish)
export const productSubCategoryNames = PRODUCT_SUB_CATEGORIES.map((c) => c.nameInEnglish)
export const packageSubCategoryNames = PACKAGE_SUB_CATEGORIES.map((c) => c.nameInEnglish)
export const couponCategoryNames = COUPON_CATEGORIES.map((c) => c.nameInEnglish)
export const recipeCategoryNames = RECIPE_CATEGORIES.map((c) => c.nameInEnglish)

export function subCategoriesOf(category: string) {
  return PRODUCT_SUB_CATEGORIES.filter((sub) => sub.nameOfParentCategory === category)
}
