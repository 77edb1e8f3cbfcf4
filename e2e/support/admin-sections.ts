/** Every section of the admin area, as `/admin?section=…` names them. */
export const ADMIN_SECTIONS = [
  'products',
  'recipes',
  'packages',
  'orders',
  'cancellations',
  'add-product',
  'add-recipe',
  'add-package',
  'submissions',
  'activity',
  'settings',
  'legal-pages',
  'privacy',
] as const
