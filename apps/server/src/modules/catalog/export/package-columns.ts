import type { Package, PackageItem } from '@tavlin/contracts'
import { countCell, listCell, tableOf, type Column, type Table } from './columns.js'

/** One row per line of a package's contents; the package's own fields repeat on each of its rows. */
export type PackageItemRow = { pack: Package; item: PackageItem }

export const PACKAGE_COLUMNS: readonly Column<PackageItemRow>[] = [
  { key: '_id', header: 'מזהה מארז', cell: ({ pack }) => pack._id },
  { key: 'name', header: 'שם', cell: ({ pack }) => pack.name },
  { key: 'description', header: 'תיאור', cell: ({ pack }) => pack.description ?? '' },
  { key: 'image', header: 'תמונה', cell: ({ pack }) => pack.image },
  { key: 'price', header: 'מחיר (₪)', cell: ({ pack }) => pack.price },
  { key: 'cookingTime', header: 'זמן בישול (דקות)', cell: ({ pack }) => pack.cookingTime },
  { key: 'peoplesQuantity', header: 'מספר סועדים', cell: ({ pack }) => pack.peoplesQuantity },
  { key: 'recipeId', header: 'מזהה המתכון', cell: ({ pack }) => pack.recipeId ?? '' },
  // The recipe's and the product's names are for reading: the ids beside them are what links.
  { key: 'recipeName', header: 'שם המתכון (לקריאה)', cell: ({ pack }) => pack.recipeName ?? '' },
  { key: 'stock', header: 'מלאי (ריק = ללא מעקב)', cell: ({ pack }) => countCell(pack.stock) },
  {
    key: 'subCategories',
    header: 'סוגי מארז',
    cell: ({ pack }) => listCell(pack.subCategories.map((kind) => kind.nameInEnglish)),
  },
  { key: 'items.productId', header: 'מזהה המוצר בתכולה', cell: ({ item }) => item.productId },
  { key: 'items.productName', header: 'שם המוצר (לקריאה)', cell: ({ item }) => item.productName },
  { key: 'items.sizeName', header: 'גודל המוצר', cell: ({ item }) => item.sizeName },
  { key: 'items.quantity', header: 'כמות', cell: ({ item }) => item.quantity },
]

export const PACKAGES_SHEET = 'מארזים'

export function packagesTable(packages: readonly Package[]): Table {
  const rows = packages.flatMap((pack) => pack.items.map((item) => ({ pack, item })))
  return tableOf('packages', PACKAGES_SHEET, PACKAGE_COLUMNS, rows)
}
