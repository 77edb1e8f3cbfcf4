import type { PackageInput, ProductInput, RecipeInput } from '@tavlin/contracts'

/**
 * A product, a recipe and a package with every exported field set (issue 37), and the rows the
 * catalogue export must write for them, column by column, as the owner's spreadsheet shows them.
 * Texts start with = and hold " -" on purpose: the CSV neutralises them, the workbook need not.
 */

export const EXPORTED_PRODUCT: ProductInput = {
  name: 'בדיקת ייצוא — ברברה חריפה',
  nameInEnglish: 'Export test berbere',
  shortDescription: '=HYPERLINK("http://evil") תערובת חריפה - עם צ׳ילי',
  image: '/uploads/products/export-test.webp',
  pricing: [
    {
      size: { sizeName: '100 גרם', sizeQuantity: 100 },
      price: 24.9,
      stock: 7,
      sku: 'BRB-100',
      barcode: '7290000000015',
    },
    { size: { sizeName: '1 ק״ג', sizeQuantity: 1000 }, price: 189.5 },
  ],
  categories: [{ nameInEnglish: 'spices', nameInHebrew: 'תבלינים' }],
  subCategories: [
    { nameInEnglish: 'spice-blends', nameInHebrew: 'תערובות תבלינים', nameOfParentCategory: 'spices' },
  ],
  features: {
    value: [
      { title: 'מקור', description: 'אתיופיה' },
      { title: 'חריפות', description: 'גבוהה, 4 מתוך 5' },
    ],
  },
  perishable: true,
  // Hidden from the shop: the export still holds it, and says so (decision 293).
  isHidden: true,
  labelling: {
    ingredients: 'פלפל צ׳ילי, מלח, שום',
    allergens: ['sesame', 'mustard'],
    mayContain: ['treeNuts'],
    nutrition: {
      energyKcal: 320,
      proteinGrams: 12.5,
      carbohydrateGrams: 50,
      sugarGrams: 11,
      fatGrams: 9,
      saturatedFatGrams: 1.5,
      sodiumMilligrams: 2400,
      fibreGrams: 20,
    },
    countryOfOrigin: 'אתיופיה',
    storage: 'במקום יבש וקריר',
  },
}

export type ExportedCell = string | number | null

/** The columns before the features, in their order, for each size of EXPORTED_PRODUCT. */
export function productRows(productId: string): Array<Record<string, ExportedCell>> {
  const product = {
    'מזהה מוצר': productId,
    שם: 'בדיקת ייצוא — ברברה חריפה',
    'שם באנגלית': 'Export test berbere',
    'תיאור קצר': '=HYPERLINK("http://evil") תערובת חריפה - עם צ׳ילי',
    תמונה: '/uploads/products/export-test.webp',
    קטגוריות: 'spices',
    'תתי-קטגוריות': 'spice-blends',
    פסיד: 'כן',
    מוסתר: 'כן',
  }
  const labelling = {
    רכיבים: 'פלפל צ׳ילי, מלח, שום',
    אלרגנים: 'sesame|mustard',
    'עלול להכיל': 'treeNuts',
    'ארץ ייצור': 'אתיופיה',
    'הוראות אחסון': 'במקום יבש וקריר',
    'אנרגיה (קק״ל) ל־100 גרם/מ״ל': 320,
    'חלבונים (גרם) ל־100 גרם/מ״ל': 12.5,
    'פחמימות (גרם) ל־100 גרם/מ״ל': 50,
    'מתוכן סוכרים (גרם) ל־100 גרם/מ״ל': 11,
    'שומנים (גרם) ל־100 גרם/מ״ל': 9,
    'מתוכם שומן רווי (גרם) ל־100 גרם/מ״ל': 1.5,
    'נתרן (מ״ג) ל־100 גרם/מ״ל': 2400,
    'סיבים תזונתיים (גרם) ל־100 גרם/מ״ל': 20,
    // Solid food: sodium over 400 mg and sugar over 10 g carry the symbol; saturated fat under 4 g does not.
    'סימון אדום (מחושב)': 'sodium|sugar',
    'מאפיין 1 – כותרת': 'מקור',
    'מאפיין 1 – תיאור': 'אתיופיה',
    'מאפיין 2 – כותרת': 'חריפות',
    'מאפיין 2 – תיאור': 'גבוהה, 4 מתוך 5',
  }
  const size = (name: string, quantity: number, price: number, stock: number | null, codes = ['', '']) => ({
    גודל: name,
    'כמות בגודל': quantity,
    'מחיר (₪)': price,
    'מלאי (ריק = ללא מעקב)': stock,
    'מק"ט': codes[0]!,
    ברקוד: codes[1]!,
  })
  return [
    { ...product, ...size('100 גרם', 100, 24.9, 7, ['BRB-100', '7290000000015']), ...labelling },
    { ...product, ...size('1 ק״ג', 1000, 189.5, null), ...labelling },
  ]
}

export const PRODUCT_HEADER = Object.keys(productRows('x')[0]!).filter((title) => !title.startsWith('מאפיין'))

export function exportedRecipe(productId: string): RecipeInput {
  return {
    name: 'בדיקת ייצוא — תבשיל',
    description: '- מתכון שמתחיל במקף, ו=לא נוסחה',
    image: '/uploads/recipes/export-test.webp',
    difficulty: 'Hard',
    prepTime: 'שעה וחצי',
    servings: 6,
    categories: [
      { nameInEnglish: 'stew', nameInHebrew: 'תבשיל' },
      { nameInEnglish: 'glutenFree', nameInHebrew: 'ללא גלוטן' },
    ],
    ingredients: [
      { name: 'בדיקת ייצוא — ברברה חריפה', quantity: '2 כפות', productId },
      { name: 'עדשים אדומות', quantity: '2 כוסות' },
      { name: 'בצל', quantity: '1' },
    ],
    instructions: [{ description: 'לטגן בצל עד שהוא שקוף' }, { description: '+ להוסיף עדשים ומים' }],
  }
}

export function recipeRows(recipeId: string, productId: string): Array<Record<string, ExportedCell>> {
  const recipe = {
    'מזהה מתכון': recipeId,
    שם: 'בדיקת ייצוא — תבשיל',
    תיאור: '- מתכון שמתחיל במקף, ו=לא נוסחה',
    תמונה: '/uploads/recipes/export-test.webp',
    'רמת קושי': 'Hard',
    'זמן הכנה': 'שעה וחצי',
    מנות: 6,
    קטגוריות: 'stew|glutenFree',
  }
  const line = (n: number, name: string, quantity: string, linked: string | null, step: string | null) => ({
    ...recipe,
    שורה: n,
    מרכיב: name,
    'כמות המרכיב': quantity,
    'מזהה המוצר של המרכיב': linked,
    'שלב ההכנה': step,
  })
  return [
    line(1, 'בדיקת ייצוא — ברברה חריפה', '2 כפות', productId, 'לטגן בצל עד שהוא שקוף'),
    line(2, 'עדשים אדומות', '2 כוסות', null, '+ להוסיף עדשים ומים'),
    line(3, 'בצל', '1', null, null),
  ]
}

export function exportedPackage(productId: string, recipeId: string): PackageInput {
  return {
    name: 'בדיקת ייצוא — מארז',
    description: 'מארז לבדיקה',
    image: '/uploads/packages/export-test.webp',
    price: 39.9,
    cookingTime: 45,
    peoplesQuantity: 4,
    items: [
      { productId, sizeName: '100 גרם', quantity: 2 },
      { productId, sizeName: '1 ק״ג', quantity: 1 },
    ],
    recipeId,
    stock: 3,
    subCategories: [{ nameInEnglish: 'stews', nameInHebrew: 'תבשילים', nameOfParentCategory: 'packages' }],
  }
}

export function packageRows(
  packageId: string,
  productId: string,
  recipeId: string,
): Array<Record<string, ExportedCell>> {
  const pack = {
    'מזהה מארז': packageId,
    שם: 'בדיקת ייצוא — מארז',
    תיאור: 'מארז לבדיקה',
    תמונה: '/uploads/packages/export-test.webp',
    'מחיר (₪)': 39.9,
    'זמן בישול (דקות)': 45,
    'מספר סועדים': 4,
    'מזהה המתכון': recipeId,
    'שם המתכון (לקריאה)': 'בדיקת ייצוא — תבשיל',
    'מלאי (ריק = ללא מעקב)': 3,
    'סוגי מארז': 'stews',
  }
  const item = (size: string, quantity: number) => ({
    ...pack,
    'מזהה המוצר בתכולה': productId,
    'שם המוצר (לקריאה)': 'בדיקת ייצוא — ברברה חריפה',
    'גודל המוצר': size,
    כמות: quantity,
  })
  return [item('100 גרם', 2), item('1 ק״ג', 1)]
}
