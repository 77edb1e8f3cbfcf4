/** Every section of the admin area, as `/admin?section=…` names them. */
export const ADMIN_SECTIONS = [
  'dashboard',
  'products',
  'recipes',
  'packages',
  'orders',
  'cancellations',
  'coupons',
  'delivery',
  'stock',
  'reviews',
  'add-product',
  'add-recipe',
  'add-package',
  'submissions',
  'activity',
  'settings',
  'legal-pages',
  'privacy',
] as const

/** The sections that are lists: they have loaded once a row (or the "nothing yet" row) shows. */
export const ADMIN_LIST_SECTIONS: ReadonlySet<string> = new Set([
  'products',
  'recipes',
  'packages',
  'orders',
  'submissions',
  'activity',
])
