/**
 * The import's report in Hebrew (issue 37): the CLI prints it and the admin shows it as is, so
 * the messages live here, next to the codes the API returns with them. The validation keys are
 * the contracts' (the same rules as the admin form), here without their `validation.` prefix;
 * their texts are the web's, word for word.
 */
export const VALIDATION_TEXTS: Record<string, string> = {
  nameRequired: 'נא להזין שם',
  shortDescriptionMin: 'התיאור הקצר צריך להכיל לפחות 5 תווים',
  shortDescriptionMax: 'התיאור הקצר לא יכול לעבור 1000 תווים',
  pricingRequired: 'נדרשת לפחות אפשרות תמחור אחת',
  sizeNameRequired: 'נא להזין שם גודל',
  sizeQuantityPositive: 'כמות הגודל חייבת להיות חיובית',
  pricePositive: 'המחיר חייב להיות חיובי',
  tooManyDecimals: 'עד שתי ספרות אחרי הנקודה',
  invalidImageUrl: 'כתובת התמונה אינה תקינה',
  imageRequired: 'יש להעלות תמונה',
  categoriesRequired: 'נא לבחור לפחות קטגוריה אחת',
  featuresRequired: 'נדרש לפחות מאפיין אחד',
  titleRequired: 'נא להזין כותרת',
  descriptionRequired: 'נא להזין תיאור',
  stockWhole: 'המלאי חייב להיות מספר שלם, 0 ומעלה (או ריק, ללא מעקב)',
  sizeNameDuplicate: 'כבר יש במוצר גודל בשם הזה. לכל גודל שם משלו.',
  skuInvalid: 'מק״ט: אותיות, ספרות, נקודה, מקף, קו תחתון או לוכסן, עד 64 תווים',
  skuDuplicate: 'המק״ט הזה כבר ניתן לגודל אחר של המוצר',
  skuTaken: 'המק״ט כבר שייך למוצר אחר. לכל גודל מק״ט משלו.',
  barcodeInvalid: 'ברקוד: 8, 12, 13 או 14 ספרות',
  subCategoryWithoutParent: 'אפשר לבחור תת-קטגוריה רק כשהקטגוריה שלה מסומנת',
  wrongParentCategory: 'תת-הקטגוריה אינה שייכת לקטגוריה שצוינה לה',
  nameTaken: 'כבר קיים פריט בשם הזה. נא לבחור שם אחר.',
  invalidText: 'הטקסט מכיל תווים לא חוקיים (כמו תווי בקרה). נא להקליד אותו מחדש.',
  tooLong: 'הטקסט ארוך מדי',
  difficultyInvalid: 'נא לבחור רמת קושי: קל, בינוני או קשה',
  prepTimeRequired: 'נא להזין זמן הכנה',
  servingsPositive: 'מספר המנות חייב להיות חיובי',
  ingredientsRequired: 'נדרש לפחות מרכיב אחד',
  ingredientNameRequired: 'נא להזין שם מרכיב',
  ingredientQuantityRequired: 'נא להזין כמות',
  instructionsRequired: 'נדרש לפחות שלב הכנה אחד',
  instructionRequired: 'נא לתאר את שלב ההכנה',
  cookingTimePositive: 'זמן הבישול חייב להיות חיובי',
  peoplesQuantityPositive: 'מספר הסועדים חייב להיות חיובי',
  packageItemsRequired: 'נא להוסיף לפחות מוצר אחד לתכולת המארז',
  packageItemProductRequired: 'נא לבחור מוצר',
  packageItemSizeRequired: 'נא לבחור גודל',
  packageItemSizeNotFound: 'למוצר הזה אין גודל כזה',
  packageItemQuantityPositive: 'הכמות חייבת להיות מספר שלם, 1 ומעלה',
  packageItemDuplicate: 'המוצר בגודל הזה כבר מופיע בתכולה',
  productNotFound: 'המוצר המקושר לא נמצא',
  recipeNotFound: 'המתכון המקושר לא נמצא',
  invalidId: 'מזהה לא תקין',
  'nutrition.number': 'נא להזין מספר שאינו שלילי',
  'nutrition.tooLarge': 'הערך גדול מדי ל־100 גרם',
  'nutrition.sugarOverCarbohydrate': 'הסוכרים אינם יכולים לעלות על הפחמימות',
  'nutrition.saturatedOverFat': 'השומן הרווי אינו יכול לעלות על סך השומן',
  'nutrition.overHundredGrams': 'סכום הרכיבים עולה על 100 גרם',
}

/** The import's own problems with a row. */
const ROW: Record<string, string> = {
  'import.unknownCategory': 'קטגוריה לא מוכרת: "{{value}}". אפשר למפות אותה לקטגוריה של החנות.',
  'import.unknownSubCategory': 'תת-קטגוריה לא מוכרת: "{{value}}"',
  'import.unknownAllergen': 'אלרגן לא מוכר: "{{value}}"',
  'import.notNumber': 'צריך להיות מספר, לא "{{value}}"',
  'import.yesNo': 'צריך להיות כן או לא, לא "{{value}}"',
  'import.skuTwice': 'המק״ט "{{value}}" מופיע בקובץ יותר מפעם אחת',
  'import.skuTaken': 'המק״ט "{{value}}" כבר שייך למוצר אחר בחנות ("{{other}}")',
  'import.nameTwice': 'המוצר "{{value}}" מופיע בקובץ פעמיים, עם מזהים או שורות שונים',
  'import.sizeMissing': 'לא נמצא גודל: צריך שם גודל או משקל',
  'import.recipeTwice': 'המתכון "{{value}}" מופיע בקובץ פעמיים, עם מזהים או שורות שונים',
  'import.packageTwice': 'המארז "{{value}}" מופיע בקובץ פעמיים, עם מזהים או שורות שונים',
  'import.unknownRecipeCategory': 'קטגוריית מתכון לא מוכרת: "{{value}}"',
  'import.unknownPackageKind': 'סוג מארז לא מוכר: "{{value}}"',
  'import.image': 'התמונה לא נטענה: {{value}}',
  'import.invalid': 'הערך אינו תקין',
}

/** Why a whole file is refused: nothing in it is read further. */
const FILE: Record<string, string> = {
  empty: 'הקובץ ריק.',
  tooLarge: 'הקובץ גדול מדי: עד {{limit}}.',
  tooManyRows: 'בקובץ {{rows}} שורות; אפשר לייבא עד {{limit}} שורות בפעם אחת.',
  tooManyProducts: 'בקובץ {{products}} מוצרים; אפשר לייבא עד {{limit}} מוצרים בפעם אחת.',
  notSpreadsheet: 'הקובץ אינו CSV או XLSX. נא לשמור אותו מהגיליון כ־CSV ‏(UTF-8) או כ־XLSX.',
  badCsv: 'קובץ ה־CSV פגום בשורה {{line}} (למשל מירכאות שלא נסגרו).',
  formula: 'שורה {{row}}, עמודה {{column}}: התא מכיל נוסחה. נא לשמור את הגיליון עם ערכים בלבד, בלי נוסחאות.',
  formulaInWorkbook: 'בגיליון יש תאים עם נוסחאות. נא להעתיק ולהדביק ״ערכים בלבד״ ולשמור שוב.',
  unknownFormat:
    'לא זוהו עמודות מוכרות. אפשר לייבא את קובץ הייצוא של החנות, או קובץ ייצוא מוצרים של WooCommerce או של Shopify.',
  noRows: 'אין בקובץ שורות של מוצרים, מתכונים או מארזים.',
}

const fill = (template: string, values: Record<string, string | number> = {}) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''))

export type ImportFileProblem = keyof typeof FILE

/** A file refused whole; `message` is Hebrew. */
export class ImportFileError extends Error {
  readonly code: ImportFileProblem
  constructor(code: ImportFileProblem, values: Record<string, string | number> = {}) {
    super(fill(FILE[code]!, values))
    this.code = code
  }
}

/** A row's problem in Hebrew, without the row and column ("המחיר חייב להיות חיובי"). */
export function problemText(code: string, values: Record<string, string | number> = {}): string {
  const text = code.startsWith('validation.') ? VALIDATION_TEXTS[code.slice('validation.'.length)] : ROW[code]
  return fill(text ?? ROW['import.invalid']!, values)
}

/** "שורה 14, עמודה מחיר: המחיר חייב להיות חיובי". */
export function problemLine(row: number, column: string | undefined, message: string): string {
  return column ? `שורה ${row}, עמודה ${column}: ${message}` : `שורה ${row}: ${message}`
}
