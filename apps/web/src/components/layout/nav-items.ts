import { paths } from '../../config/paths'

/** Top navigation of spec §2, shared by the header and the mobile menu. */
export const NAV_ITEMS = [
  { to: paths.home, labelKey: 'nav.home', end: true },
  { to: paths.products, labelKey: 'nav.shop', end: false },
  { to: paths.packages, labelKey: 'nav.packages', end: false },
  { to: paths.recipes, labelKey: 'nav.recipes', end: false },
  { to: paths.events, labelKey: 'nav.events', end: false },
  { to: paths.about, labelKey: 'nav.about', end: false },
] as const
