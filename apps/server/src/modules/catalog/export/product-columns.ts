import type { Nutrition, PricingOption, Product } from '@tavlin/contracts'
import { YES, countCell, listCell, tableOf, yesNo, type Column, type Table } from './columns.js'

/** One row per size of a product; the product's own fields repeat on each of its rows. */
export type ProductSizeRow = { product: Product; option: PricingOption }

const names = (items: ReadonlyArray<{ nameInEnglish: string }>) =>
  listCell(items.map((item) => item.nameInEnglish))

const nutrient = (key: keyof Nutrition, header: string): Column<ProductSizeRow> => ({
  key: `labelling.nutrition.${key}`,
  header: `${header} ל־100 גרם/מ״ל`,
  // No table entered: every nutrition cell is empty.
  cell: ({ product }) => product.labelling.nutrition?.[key] ?? null,
})

export const PRODUCT_COLUMNS: readonly Column<ProductSizeRow>[] = [
  { key: '_id', header: 'מזהה מוצר', cell: ({ product }) => product._id },
  { key: 'name', header: 'שם', cell: ({ product }) => product.name },
  { key: 'nameInEnglish', header: 'שם באנגלית', cell: ({ product }) => product.nameInEnglish ?? '' },
  { key: 'shortDescription', header: 'תיאור קצר', cell: ({ product }) => product.shortDescription },
  { key: 'image', header: 'תמונה', cell: ({ product }) => product.image },
  { key: 'categories', header: 'קטגוריות', cell: ({ product }) => names(product.categories) },
  { key: 'subCategories', header: 'תתי-קטגוריות', cell: ({ product }) => names(product.subCategories) },
  { key: 'perishable', header: 'פסיד', cell: ({ product }) => yesNo(product.perishable) },
  // Decision 293: "כן" hides it from the shop; empty shows it, so a sheet typed by hand shows everything.
  { key: 'isHidden', header: 'מוסתר', cell: ({ product }) => (product.isHidden ? YES : '') },
  { key: 'pricing.size.sizeName', header: 'גודל', cell: ({ option }) => option.size.sizeName },
  { key: 'pricing.size.sizeQuantity', header: 'כמות בגודל', cell: ({ option }) => option.size.sizeQuantity },
  { key: 'pricing.price', header: 'מחיר (₪)', cell: ({ option }) => option.price },
  { key: 'pricing.stock', header: 'מלאי (ריק = ללא מעקב)', cell: ({ option }) => countCell(option.stock) },
  { key: 'pricing.sku', header: 'מק"ט', cell: ({ option }) => option.sku ?? '' },
  { key: 'pricing.barcode', header: 'ברקוד', cell: ({ option }) => option.barcode ?? '' },
  { key: 'labelling.ingredients', header: 'רכיבים', cell: ({ product }) => product.labelling.ingredients },
  {
    key: 'labelling.allergens',
    header: 'אלרגנים',
    cell: ({ product }) => listCell(product.labelling.allergens),
  },
  {
    key: 'labelling.mayContain',
    header: 'עלול להכיל',
    cell: ({ product }) => listCell(product.labelling.mayContain),
  },
  {
    key: 'labelling.countryOfOrigin',
    header: 'ארץ ייצור',
    cell: ({ product }) => product.labelling.countryOfOrigin,
  },
  { key: 'labelling.storage', header: 'הוראות אחסון', cell: ({ product }) => product.labelling.storage },
  nutrient('energyKcal', 'אנרגיה (קק״ל)'),
  nutrient('proteinGrams', 'חלבונים (גרם)'),
  nutrient('carbohydrateGrams', 'פחמימות (גרם)'),
  nutrient('sugarGrams', 'מתוכן סוכרים (גרם)'),
  nutrient('fatGrams', 'שומנים (גרם)'),
  nutrient('saturatedFatGrams', 'מתוכם שומן רווי (גרם)'),
  nutrient('sodiumMilligrams', 'נתרן (מ״ג)'),
  nutrient('fibreGrams', 'סיבים תזונתיים (גרם)'),
  // Computed from the nutrition table on every read: shown for the owner, ignored on import.
  { key: 'redWarnings', header: 'סימון אדום (מחושב)', cell: ({ product }) => listCell(product.redWarnings) },
]

/** A feature is a title and a description: a pair of numbered columns, as many pairs as the longest list. */
function featureColumns(count: number): Column<ProductSizeRow>[] {
  return Array.from({ length: count }, (_, index) => [
    {
      key: `features.value.${index}.title`,
      header: `מאפיין ${index + 1} – כותרת`,
      cell: ({ product }: ProductSizeRow) => product.features.value[index]?.title ?? null,
    },
    {
      key: `features.value.${index}.description`,
      header: `מאפיין ${index + 1} – תיאור`,
      cell: ({ product }: ProductSizeRow) => product.features.value[index]?.description ?? null,
    },
  ]).flat()
}

export const PRODUCTS_SHEET = 'מוצרים'

export function productsTable(products: readonly Product[]): Table {
  const mostFeatures = Math.max(1, ...products.map((product) => product.features.value.length))
  const rows = products.flatMap((product) => product.pricing.map((option) => ({ product, option })))
  return tableOf('products', PRODUCTS_SHEET, [...PRODUCT_COLUMNS, ...featureColumns(mostFeatures)], rows)
}
