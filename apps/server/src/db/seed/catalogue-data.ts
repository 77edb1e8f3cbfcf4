import type {
  PackageSubCategoryName,
  ProductCategoryName,
  ProductSubCategoryName,
  RecipeCategoryName,
  RecipeDifficulty,
} from '@tavlin/contracts'
import type { Artwork, SiteScene } from './artwork.js'

/**
 * The demo catalogue: a small Israeli shop of Ethiopian and Middle-Eastern spices
 * and staples. Prices are in agorot. Recipe ingredients sold in the shop are
 * written with `shop(...)` and must name a product below exactly: the loader
 * links them by name and refuses to load a recipe that names a missing product.
 */

export type SeedSize = { sizeName: string; sizeQuantity: number; priceAgorot: number }

export type SeedProduct = {
  name: string
  nameInEnglish: string
  shortDescription: string
  categories: ProductCategoryName[]
  subCategories: ProductSubCategoryName[]
  sizes: SeedSize[]
  features: Array<{ title: string; description: string }>
  art: Artwork
}

export type SeedIngredient = { name: string; quantity: string; isShopProduct: boolean }

export type SeedRecipe = {
  slug: string
  name: string
  description: string
  difficulty: RecipeDifficulty
  prepTime: string
  servings: number
  categories: RecipeCategoryName[]
  ingredients: SeedIngredient[]
  instructions: string[]
  art: Artwork
}

export type SeedPackage = {
  slug: string
  name: string
  description: string
  priceAgorot: number
  cookingTime: number
  peoplesQuantity: number
  /** What the package holds: products by exact name, in one of their sizes. */
  items: Array<{ product: string; size: string; quantity: number }>
  /** The recipe's name; resolved to its id while loading. */
  recipeName: string
  /** Its kinds (spec §3's subcategories of "packages"). */
  kinds: PackageSubCategoryName[]
  art: Artwork
}

export type SeedSiteImage = {
  name: string
  scene: SiteScene
  palette: string[]
}

const grams = (...pairs: Array<[number, number]>): SeedSize[] =>
  pairs.map(([quantity, shekels]) => ({
    sizeName: quantity >= 1000 ? `${quantity / 1000} ק״ג` : `${quantity} גרם`,
    sizeQuantity: quantity,
    priceAgorot: Math.round(shekels * 100),
  }))

const millilitres = (...pairs: Array<[number, number]>): SeedSize[] =>
  pairs.map(([quantity, shekels]) => ({
    sizeName: `${quantity} מ״ל`,
    sizeQuantity: quantity,
    priceAgorot: Math.round(shekels * 100),
  }))

const feature = (title: string, description: string) => ({ title, description })

export const PRODUCTS: SeedProduct[] = [
  // ---- spices: base ----
  {
    name: 'פפריקה מתוקה',
    nameInEnglish: 'Sweet Paprika',
    shortDescription: 'פפריקה אדומה ועמוקה, טחונה דק מפלפלים מיובשים בשמש. צבע וטעם לכל תבשיל.',
    categories: ['spices'],
    subCategories: ['base'],
    sizes: grams([100, 12.9], [250, 27.9], [500, 49.9]),
    features: [
      feature('טעם', 'מתוק ועגול, ללא חריפות'),
      feature('שימוש', 'תבשילים, מרינדות, ציפוי לירקות צלויים'),
      feature('אחסון', 'בצנצנת סגורה הרחק מאור ישיר'),
    ],
    art: { vessel: 'bowl', color: '#c0392b' },
  },
  {
    name: 'כורכום טחון',
    nameInEnglish: 'Ground Turmeric',
    shortDescription: 'כורכום צהוב-זהוב בטחינה טרייה, עשיר בארומה ארצית וחמימה.',
    categories: ['spices'],
    subCategories: ['base', 'health-enhancing-spices'],
    sizes: grams([100, 11.9], [250, 24.9], [500, 44.9]),
    features: [
      feature('מקור', 'שורשי כורכום מיובשים וטחונים בארץ'),
      feature('שימוש', 'אורז, מרקים, קטניות ומשקה חלב זהוב'),
    ],
    art: { vessel: 'bowl', color: '#e1a21b' },
  },
  {
    name: 'כמון טחון',
    nameInEnglish: 'Ground Cumin',
    shortDescription: 'כמון קלוי וטחון עם ניחוח עשן עדין, בסיס לכל מטבח מזרחי.',
    categories: ['spices'],
    subCategories: ['base'],
    sizes: grams([100, 10.9], [250, 22.9], [500, 39.9]),
    features: [feature('טעם', 'ארצי, חמים ומעט מריר'), feature('שימוש', 'חומוס, קציצות, תבשילי עדשים')],
    art: { vessel: 'bowl', color: '#a0712f' },
  },
  {
    name: 'פלפל שחור גרוס',
    nameInEnglish: 'Cracked Black Pepper',
    shortDescription: 'גרגרי פלפל שחור מטלצ׳רי, גרוסים גס לחריפות רעננה.',
    categories: ['spices'],
    subCategories: ['base'],
    sizes: grams([100, 16.9], [250, 36.9]),
    features: [feature('גרגר', 'גריסה גסה שמשחררת ארומה בבישול'), feature('שימוש', 'בשרים, סלטים, רטבים')],
    art: { vessel: 'beans', color: '#3b3430' },
  },
  // ---- spices: blends ----
  {
    name: 'ברברה',
    nameInEnglish: 'Berbere',
    shortDescription: 'תערובת התבלינים האתיופית המפורסמת: צ׳ילי, שום, ג׳ינג׳ר, קורארימה ותלתן. לב הווט.',
    categories: ['spices'],
    subCategories: ['spice-blends'],
    sizes: grams([100, 16.9], [250, 36.9], [500, 64.9]),
    features: [
      feature('חריפות', 'בינונית-חריפה, חמימה ועמוקה'),
      feature('מתכון משפחתי', 'ארבעה עשר תבלינים נקלים ונטחנים יחד'),
      feature('שימוש', 'מיסיר ווט, דורו ווט, טיבס ואוואזה'),
    ],
    art: { vessel: 'bowl', color: '#b0321f' },
  },
  {
    name: 'מיטמיטה',
    nameInEnglish: 'Mitmita',
    shortDescription: 'תערובת צ׳ילי כתום וחריף במיוחד עם הל ומלח, לפיזור על בשר וקיטפו.',
    categories: ['spices'],
    subCategories: ['spice-blends'],
    sizes: grams([100, 17.9], [250, 39.9]),
    features: [
      feature('חריפות', 'חריפה מאוד, להשתמש במשורה'),
      feature('שימוש', 'קיטפו, טיבס, ביצים ופופקורן'),
    ],
    art: { vessel: 'bowl', color: '#d2461e' },
  },
  {
    name: 'חוואייג׳ למרק',
    nameInEnglish: 'Hawaij for Soup',
    shortDescription: 'חוואייג׳ תימני של כמון, כורכום ופלפל שחור, שהופך כל מרק למרק של סבתא.',
    categories: ['spices'],
    subCategories: ['spice-blends'],
    sizes: grams([100, 13.9], [250, 29.9], [500, 52.9]),
    features: [feature('טעם', 'חמים, ארצי וצהוב'), feature('שימוש', 'מרק עוף, מרק עדשים, תבשילי שורש')],
    art: { vessel: 'bowl', color: '#c99a2e' },
  },
  {
    name: 'זעתר',
    nameInEnglish: 'Za\u2019atar',
    shortDescription: 'אזוב מיובש עם שומשום קלוי, סומק ושמן זית, כמו בשוק של עכו.',
    categories: ['spices'],
    subCategories: ['spice-blends'],
    sizes: grams([100, 12.9], [250, 27.9], [500, 48.9]),
    features: [feature('הרכב', 'אזוב, שומשום, סומק ומלח'), feature('שימוש', 'פיתה עם שמן זית, לבנה, סלטים')],
    art: { vessel: 'bowl', color: '#7d8a3a' },
  },
  {
    name: 'בהרט',
    nameInEnglish: 'Baharat',
    shortDescription: 'תערובת שבעת התבלינים: פלפל אנגלי, קינמון, ציפורן ואגוז מוסקט.',
    categories: ['spices'],
    subCategories: ['spice-blends'],
    sizes: grams([100, 13.9], [250, 29.9]),
    features: [feature('טעם', 'מתקתק-חמים ועשיר'), feature('שימוש', 'קציצות, ממולאים, אורז עם בשר')],
    art: { vessel: 'bowl', color: '#6e3b22' },
  },
  // ---- spices: special ----
  {
    name: 'קורארימה',
    nameInEnglish: 'Korarima',
    shortDescription: 'הל אתיופי בעל ניחוח עשן ולימוני, תבלין הסוד של הברברה והניטר קיבה.',
    categories: ['spices'],
    subCategories: ['special-spices'],
    sizes: grams([50, 18.9], [100, 34.9]),
    features: [
      feature('נדיר', 'מיובא בכמויות קטנות מדרום-מערב אתיופיה'),
      feature('שימוש', 'ניטר קיבה, קפה, לחם דאבו'),
    ],
    art: { vessel: 'beans', color: '#5a4030' },
  },
  {
    name: 'בסובלה',
    nameInEnglish: 'Besobela',
    shortDescription: 'בזיליקום אתיופי קדוש מיובש, עם ניחוח פרחוני-מנטולי עדין.',
    categories: ['spices'],
    subCategories: ['special-spices'],
    sizes: grams([50, 14.9], [100, 26.9]),
    features: [
      feature('ניחוח', 'פרחוני, מנטה ומעט ליקוריץ'),
      feature('שימוש', 'ניטר קיבה, ברברה ביתית, תה צמחים'),
    ],
    art: { vessel: 'bowl', color: '#5d7a3a' },
  },
  {
    name: 'קצח',
    nameInEnglish: 'Nigella Seeds',
    shortDescription: 'זרעי קצח שחורים ומבריקים (טיקור אזמוד), בטעם בצלי-פלפלי.',
    categories: ['spices'],
    subCategories: ['special-spices'],
    sizes: grams([100, 11.9], [250, 25.9]),
    features: [feature('טעם', 'בצלי, מעט מריר ופלפלי'), feature('שימוש', 'לחם דאבו, מאפים, גבינות')],
    art: { vessel: 'beans', color: '#2a2624' },
  },
  // ---- spices: rice ----
  {
    name: 'תבלין לאורז',
    nameInEnglish: 'Rice Spice Blend',
    shortDescription: 'תערובת של כורכום, הל, קינמון וציפורן שנותנת לאורז צבע זהוב וניחוח חגיגי.',
    categories: ['spices'],
    subCategories: ['rice-spices'],
    sizes: grams([100, 12.9], [250, 27.9], [500, 47.9]),
    features: [feature('כמות', 'כפית לכל כוס אורז'), feature('שימוש', 'אורז לבן, בסמטי ומג׳דרה')],
    art: { vessel: 'bowl', color: '#d49a2a' },
  },
  {
    name: 'זעפרן',
    nameInEnglish: 'Saffron Threads',
    shortDescription: 'חוטי זעפרן אדומים מסוג סרגול, צבע וניחוח מלכותי במעט חוטים.',
    categories: ['spices'],
    subCategories: ['rice-spices', 'special-spices'],
    sizes: grams([1, 24.9], [2, 44.9]),
    features: [
      feature('איכות', 'דרגה ראשונה, חוטים אדומים בלבד'),
      feature('שימוש', 'להשרות במים חמים ולהוסיף לאורז או לקינוח'),
    ],
    art: { vessel: 'bowl', color: '#d4451c' },
  },
  {
    name: 'הל טחון',
    nameInEnglish: 'Ground Cardamom',
    shortDescription: 'הל ירוק טחון טרי, לקפה, לאורז ולמאפים בניחוח מזרחי.',
    categories: ['spices'],
    subCategories: ['rice-spices'],
    sizes: grams([50, 16.9], [100, 29.9]),
    features: [
      feature('ניחוח', 'רענן, מתקתק ומעט לימוני'),
      feature('שימוש', 'קפה שחור, אורז חגיגי, עוגות שמרים'),
    ],
    art: { vessel: 'bowl', color: '#8c9a5b' },
  },
  // ---- spices: health ----
  {
    name: 'ג׳ינג׳ר טחון',
    nameInEnglish: 'Ground Ginger',
    shortDescription: 'ג׳ינג׳ר מיובש וטחון, חריף-מתוק ומחמם, לתה ולתבשילים.',
    categories: ['spices'],
    subCategories: ['health-enhancing-spices'],
    sizes: grams([100, 12.9], [250, 27.9]),
    features: [feature('מחמם', 'מוכר כמרגיע לקיבה ולגרון'), feature('שימוש', 'תה, עוגיות, ווט ומרינדות')],
    art: { vessel: 'bowl', color: '#d2b06a' },
  },
  {
    name: 'קינמון צילון',
    nameInEnglish: 'Ceylon Cinnamon',
    shortDescription: 'קינמון אמיתי מסרי לנקה, עדין ומתקתק, בטחינה דקה.',
    categories: ['spices'],
    subCategories: ['health-enhancing-spices'],
    sizes: grams([100, 18.9], [250, 39.9]),
    features: [feature('עדין', 'פחות קומרין מקינמון קסיה'), feature('שימוש', 'דייסות, עוגיות, קפה ותה')],
    art: { vessel: 'bowl', color: '#8b4a2b' },
  },
  {
    name: 'תלתן',
    nameInEnglish: 'Fenugreek (Abish)',
    shortDescription: 'זרעי תלתן טחונים, בסיס לחילבה ולתבלינים אתיופיים, בטעם מריר-מתקתק.',
    categories: ['spices'],
    subCategories: ['health-enhancing-spices'],
    sizes: grams([100, 9.9], [250, 21.9], [500, 37.9]),
    features: [
      feature('מסורת', 'משמש בבתים אתיופיים ותימניים לחיזוק'),
      feature('שימוש', 'חילבה, ברברה, לחם ותבשילים'),
    ],
    art: { vessel: 'bowl', color: '#c9a13b' },
  },
  // ---- beverages ----
  {
    name: 'פולי קפה ירגצ׳פה',
    nameInEnglish: 'Yirgacheffe Coffee Beans',
    shortDescription: 'פולי קפה אתיופי ממחוז ירגצ׳פה, קלייה בינונית עם ניחוח פרחים והדרים.',
    categories: ['beverages'],
    subCategories: ['coffee'],
    sizes: grams([250, 42.9], [500, 79.9], [1000, 149.9]),
    features: [
      feature('קלייה', 'בינונית, נקלה אצלנו כל שבוע'),
      feature('טעם', 'יסמין, לימון ודבש'),
      feature('הכנה', 'פילטר, פרנץ׳ פרס או ג׳בנה'),
    ],
    art: { vessel: 'cup', color: '#4a2c1d' },
  },
  {
    name: 'קפה בונה טחון',
    nameInEnglish: 'Buna Ground Coffee',
    shortDescription: 'קפה אתיופי קלוי כהה וטחון דק, להכנה בג׳בנה בטקס הקפה המסורתי.',
    categories: ['beverages'],
    subCategories: ['coffee'],
    sizes: grams([250, 36.9], [500, 69.9]),
    features: [feature('קלייה', 'כהה, גוף מלא ומעט מריר'), feature('טקס', 'שלושה סבבים: אבול, תונה וברכה')],
    art: { vessel: 'cup', color: '#3a2418' },
  },
  {
    name: 'שאי — תה שחור בתבלינים',
    nameInEnglish: 'Shai Spiced Black Tea',
    shortDescription: 'תה שחור עם קינמון, ציפורן והל, כמו בבתי הקפה של אדיס אבבה.',
    categories: ['beverages'],
    subCategories: ['tea'],
    sizes: grams([100, 19.9], [250, 42.9]),
    features: [feature('הכנה', 'כפית לכוס, להשרות ארבע דקות'), feature('הגשה', 'מתוק, עם או בלי חלב')],
    art: { vessel: 'glass', color: '#8e3b1f' },
  },
  {
    name: 'חליטת ג׳ינג׳ר ולואיזה',
    nameInEnglish: 'Ginger & Lemon Verbena Infusion',
    shortDescription: 'חליטת צמחים ללא קפאין של ג׳ינג׳ר, לואיזה ונענע, מרגיעה ומחממת.',
    categories: ['beverages'],
    subCategories: ['tea'],
    sizes: grams([50, 17.9], [100, 31.9]),
    features: [
      feature('ללא קפאין', 'מתאימה גם לשעות הערב'),
      feature('הרכב', 'ג׳ינג׳ר, לואיזה, נענע ולימון מיובש'),
    ],
    art: { vessel: 'glass', color: '#b8862d' },
  },
  {
    name: 'טג׳ — יין דבש',
    nameInEnglish: 'Tej Honey Wine',
    shortDescription: 'יין דבש אתיופי מותסס עם עלי גשו, מתוק-יבש וזהוב. למבוגרים מעל גיל 18.',
    categories: ['beverages'],
    subCategories: ['alcohol'],
    sizes: millilitres([375, 39.9], [750, 69.9]),
    features: [
      feature('אלכוהול', '11% אלכוהול בנפח'),
      feature('הגשה', 'קר, בבקבוק ברלה מסורתי'),
      feature('הערה', 'המכירה למבוגרים מעל גיל 18 בלבד'),
    ],
    art: { vessel: 'bottle', color: '#d9a520' },
  },
  // ---- flours ----
  {
    name: 'קמח טף חום',
    nameInEnglish: 'Brown Teff Flour',
    shortDescription: 'קמח טף מלא מגרגר חום, ללא גלוטן, עשיר בברזל ובסיבים. הקמח של האינג׳רה.',
    categories: ['flours'],
    subCategories: ['teff'],
    sizes: grams([500, 19.9], [1000, 36.9], [2000, 69.9]),
    features: [
      feature('ללא גלוטן', 'נטחן במתקן נקי מגלוטן'),
      feature('שימוש', 'אינג׳רה, פנקייקים, לחמים'),
      feature('תזונה', 'עשיר בברזל, סידן וחלבון'),
    ],
    art: { vessel: 'sack', color: '#7b4a2a' },
  },
  {
    name: 'קמח טף לבן',
    nameInEnglish: 'Ivory Teff Flour',
    shortDescription: 'קמח טף בהיר ועדין, לאינג׳רה רכה ובהירה ולאפייה ללא גלוטן.',
    categories: ['flours'],
    subCategories: ['teff'],
    sizes: grams([500, 22.9], [1000, 41.9], [2000, 78.9]),
    features: [feature('טעם', 'עדין ומעט אגוזי'), feature('ללא גלוטן', 'מתאים לצליאקים')],
    art: { vessel: 'sack', color: '#d8c3a0' },
  },
  {
    name: 'קמח כוסמין מלא',
    nameInEnglish: 'Whole Spelt Flour',
    shortDescription: 'קמח כוסמין מלא בטחינת אבן, לדאבו, לחלות וללחמי מחמצת.',
    categories: ['flours'],
    subCategories: ['special-varieties'],
    sizes: grams([1000, 18.9], [2000, 34.9]),
    features: [
      feature('טחינה', 'טחינת אבן איטית ששומרת על הנבט'),
      feature('שימוש', 'לחמים, עוגיות ופשטידות'),
    ],
    art: { vessel: 'sack', color: '#c9a77a' },
  },
  {
    name: 'קמח שעורה קלויה',
    nameInEnglish: 'Roasted Barley Flour (Beso)',
    shortDescription: 'קמח שעורה קלויה (בסו) בניחוח אגוזי, לדייסות ולמשקה אנרגיה מסורתי.',
    categories: ['flours'],
    subCategories: ['special-varieties'],
    sizes: grams([500, 16.9], [1000, 29.9]),
    features: [
      feature('קלייה', 'נקלה לפני הטחינה, בטעם אגוזי'),
      feature('שימוש', 'גנפו, בסו במים ודבש, עוגיות'),
    ],
    art: { vessel: 'sack', color: '#a87a4a' },
  },
  {
    name: 'שירו חריף',
    nameInEnglish: 'Spicy Shiro Powder',
    shortDescription: 'קמח חומוס ואפונה קלויים עם ברברה ושום, לשירו ווט מהיר ועשיר.',
    categories: ['flours'],
    subCategories: ['shiro'],
    sizes: grams([250, 17.9], [500, 32.9], [1000, 59.9]),
    features: [
      feature('מהיר', 'תבשיל מלא בעשרים דקות'),
      feature('טבעוני', 'ללא מוצרים מן החי'),
      feature('חריפות', 'בינונית'),
    ],
    art: { vessel: 'sack', color: '#c7702a' },
  },
  {
    name: 'שירו עדין',
    nameInEnglish: 'Mild Shiro Powder',
    shortDescription: 'שירו בהיר ועדין ללא צ׳ילי, מתאים לילדים ולמי שאוהב טעם רך.',
    categories: ['flours'],
    subCategories: ['shiro'],
    sizes: grams([250, 16.9], [500, 30.9]),
    features: [feature('חריפות', 'ללא חריפות'), feature('שימוש', 'שירו ווט, ממרח, מילוי לסמבוסה')],
    art: { vessel: 'sack', color: '#d8a55a' },
  },
  // ---- legumes ----
  {
    name: 'עדשים אדומות',
    nameInEnglish: 'Red Lentils',
    shortDescription: 'עדשים אדומות מקולפות שמתבשלות מהר לתבשיל סמיך וכתום.',
    categories: ['legumes'],
    subCategories: [],
    sizes: grams([500, 8.9], [1000, 15.9], [2000, 28.9]),
    features: [feature('בישול', 'עשרים דקות, ללא השריה'), feature('שימוש', 'מיסיר ווט, מרק עדשים, קציצות')],
    art: { vessel: 'beans', color: '#d4622a' },
  },
  {
    name: 'חומוס גרגרים',
    nameInEnglish: 'Chickpeas',
    shortDescription: 'גרגרי חומוס גדולים מהגליל, לחומוס ביתי, לתבשילים ולסלטים.',
    categories: ['legumes'],
    subCategories: [],
    sizes: grams([500, 9.9], [1000, 17.9], [2000, 32.9]),
    features: [feature('השריה', 'לילה במים קרים עם קורט סודה'), feature('מקור', 'גידול ישראלי')],
    art: { vessel: 'beans', color: '#dcb676' },
  },
  {
    name: 'אפונה צהובה חצויה',
    nameInEnglish: 'Yellow Split Peas',
    shortDescription: 'אפונה צהובה חצויה לאליצ׳ה ווט עדין ולמרקים סמיכים.',
    categories: ['legumes'],
    subCategories: [],
    sizes: grams([500, 8.9], [1000, 15.9]),
    features: [feature('בישול', 'ארבעים דקות, ללא השריה'), feature('שימוש', 'אליצ׳ה ווט, מרק אפונה, פלאפל')],
    art: { vessel: 'beans', color: '#e0b33a' },
  },
  {
    name: 'פול מצרי',
    nameInEnglish: 'Fava Beans',
    shortDescription: 'פול יבש קטן לבישול ארוך, לפול מדמס ולפוּל אתיופי בתבלינים.',
    categories: ['legumes'],
    subCategories: [],
    sizes: grams([500, 9.9], [1000, 17.9]),
    features: [feature('השריה', 'לילה שלם, בישול של שעתיים'), feature('שימוש', 'פול מדמס, פוּל לארוחת בוקר')],
    art: { vessel: 'beans', color: '#8a6a3a' },
  },
  // ---- others ----
  {
    name: 'ניטר קיבה',
    nameInEnglish: 'Niter Kibbeh',
    shortDescription: 'חמאה מזוקקת מתובלת בקורארימה, בסובלה, שום וג׳ינג׳ר — השומן של המטבח האתיופי.',
    categories: ['others'],
    subCategories: [],
    sizes: grams([250, 29.9], [500, 54.9]),
    features: [
      feature('הכנה', 'מזוקקת לאט בסיר נחושת'),
      feature('אחסון', 'במקרר עד שלושה חודשים'),
      feature('שימוש', 'ווט, טיבס, קיטפו ופופקורן'),
    ],
    art: { vessel: 'jar', color: '#e8b53a' },
  },
  {
    name: 'דבש בר',
    nameInEnglish: 'Wild Honey',
    shortDescription: 'דבש פרחי בר גולמי מהגליל, סמיך וארומטי, לא מחומם ולא מסונן.',
    categories: ['others'],
    subCategories: [],
    sizes: grams([350, 34.9], [1000, 84.9]),
    features: [feature('גולמי', 'לא מחומם, שומר על האנזימים'), feature('שימוש', 'דאבו, תה, טג׳ ביתי')],
    art: { vessel: 'jar', color: '#d99a1e' },
  },
  {
    name: 'אוואזה',
    nameInEnglish: 'Awaze Paste',
    shortDescription: 'ממרח צ׳ילי אתיופי של ברברה, טג׳ ושום, לטבילה של טיבס ואינג׳רה.',
    categories: ['others'],
    subCategories: [],
    sizes: grams([200, 19.9], [400, 34.9]),
    features: [feature('חריפות', 'חריפה'), feature('שימוש', 'מטבל, מרינדה לבשר, לצד ביצים')],
    art: { vessel: 'jar', color: '#a8281c' },
  },
  // ---- tobia: the shop's own line ----
  {
    name: 'ברברה טוביה ביתית',
    nameInEnglish: 'Tobia House Berbere',
    shortDescription: 'הברברה של סבתא טוביה: צ׳ילי קלוי ביד, בסובלה וקורארימה, בטחינה גסה.',
    categories: ['tobia', 'spices'],
    subCategories: ['spice-blends'],
    sizes: grams([100, 22.9], [250, 49.9]),
    features: [feature('עבודת יד', 'נקלה ונטחנת במנות קטנות'), feature('טעם', 'עמוק, מעושן וחריף-מתוק')],
    art: { vessel: 'jar', color: '#9e2f1e' },
  },
  {
    name: 'קפה טוביה לטקס',
    nameInEnglish: 'Tobia Ceremony Coffee',
    shortDescription: 'פולים ירוקים לקלייה ביתית במחבת, כמו בטקס הקפה של טוביה, עם שקית לבונה.',
    categories: ['tobia', 'beverages'],
    subCategories: ['coffee'],
    sizes: grams([500, 64.9], [1000, 119.9]),
    features: [
      feature('טקס', 'קלייה במחבת, טחינה במכתש והגשה בג׳בנה'),
      feature('במארז', 'לבונה לקטורת הטקס'),
    ],
    art: { vessel: 'beans', color: '#6b7a3a' },
  },
]

const shop = (name: string, quantity: string): SeedIngredient => ({ name, quantity, isShopProduct: true })
const plain = (name: string, quantity: string): SeedIngredient => ({ name, quantity, isShopProduct: false })

export const RECIPES: SeedRecipe[] = [
  {
    slug: 'misir-wot',
    name: 'מיסיר ווט',
    description: 'תבשיל עדשים אדומות סמיך וחריף בברברה וניטר קיבה, המנה הטבעונית האהובה של המטבח האתיופי.',
    difficulty: 'Easy',
    prepTime: '45 דקות',
    servings: 4,
    categories: ['stew', 'glutenFree'],
    ingredients: [
      shop('עדשים אדומות', '2 כוסות'),
      shop('ברברה', '2 כפות'),
      shop('ניטר קיבה', '3 כפות'),
      plain('בצל אדום', '2 גדולים, קצוצים דק'),
      plain('שום', '4 שיניים, כתושות'),
      plain('רסק עגבניות', 'כף'),
      plain('מים', '5 כוסות'),
      plain('מלח', 'לפי הטעם'),
    ],
    instructions: [
      'שוטפים את העדשים במים קרים עד שהמים צלולים.',
      'מטגנים את הבצל בסיר יבש על אש בינונית עשר דקות, עד שהוא מזהיב ומתרכך.',
      'מוסיפים את הניטר קיבה, השום והברברה ומערבבים דקה עד שעולה ניחוח.',
      'מוסיפים רסק עגבניות, עדשים ומים, מביאים לרתיחה ומבשלים חצי שעה על אש נמוכה.',
      'מתבלים במלח ומגישים חם על אינג׳רה.',
    ],
    art: { vessel: 'plate', color: '#c0392b', accents: ['#c0392b'] },
  },
  {
    slug: 'doro-wot',
    name: 'דורו ווט',
    description: 'תבשיל העוף החגיגי של אתיופיה: שעות של בצל מתקרמל, ברברה וניטר קיבה, עם ביצים קשות.',
    difficulty: 'Hard',
    prepTime: '3 שעות',
    servings: 6,
    categories: ['stew'],
    ingredients: [
      plain('עוף', '1 שלם, מפורק לעשרה חלקים'),
      plain('בצל אדום', '6 גדולים, קצוצים דק מאוד'),
      shop('ברברה', '4 כפות'),
      shop('ניטר קיבה', '½ כוס'),
      shop('קורארימה', '½ כפית, טחונה'),
      shop('ג׳ינג׳ר טחון', 'כפית'),
      plain('ביצים', '6, מבושלות וקלופות'),
      plain('לימון', '1, סחוט'),
      plain('מים', '2 כוסות'),
    ],
    instructions: [
      'משרים את חלקי העוף חצי שעה במים עם מיץ הלימון ושוטפים.',
      'מבשלים את הבצל בסיר כבד ללא שמן כשעה, תוך ערבוב, עד שהוא כהה ומרוכז.',
      'מוסיפים את הניטר קיבה והברברה ומבשלים עוד רבע שעה.',
      'מוסיפים את העוף, הג׳ינג׳ר, הקורארימה והמים ומבשלים שעה על אש נמוכה.',
      'חורצים את הביצים, מוסיפים לסיר ומבשלים עוד רבע שעה.',
      'מגישים עם אינג׳רה וגבינת איב.',
    ],
    art: { vessel: 'plate', color: '#8e2a1a', accents: ['#8e2a1a', '#f3e6cf', '#8e2a1a'] },
  },
  {
    slug: 'shiro-wot',
    name: 'שירו ווט',
    description: 'תבשיל קטניות קטיפתי מקמח שירו, מוכן בעשרים דקות ומתאים לימי צום וליום חול.',
    difficulty: 'Easy',
    prepTime: '25 דקות',
    servings: 4,
    categories: ['stew', 'glutenFree'],
    ingredients: [
      shop('שירו חריף', '¾ כוס'),
      shop('ניטר קיבה', '2 כפות'),
      plain('בצל', '1, קצוץ דק'),
      plain('שום', '3 שיניים'),
      plain('עגבנייה', '1, מגורדת'),
      plain('מים', '3 כוסות'),
    ],
    instructions: [
      'מזהיבים את הבצל בסיר יבש, מוסיפים שום ועגבנייה ומבשלים חמש דקות.',
      'מוסיפים את המים ומביאים לרתיחה.',
      'מוסיפים את השירו בהדרגה תוך טריפה כדי שלא ייווצרו גושים.',
      'מבשלים רבע שעה על אש נמוכה, מוסיפים ניטר קיבה ומגישים.',
    ],
    art: { vessel: 'plate', color: '#c7702a', accents: ['#c7702a'] },
  },
  {
    slug: 'injera',
    name: 'אינג׳רה ביתית',
    description: 'הלחם הספוגי והחמצמץ של אתיופיה מקמח טף, עם תסיסה של שלושה ימים ואפייה על מחבת אחת.',
    difficulty: 'Hard',
    prepTime: '3 ימים (כולל תסיסה)',
    servings: 8,
    categories: ['injera', 'bread', 'glutenFree'],
    ingredients: [
      shop('קמח טף חום', '2 כוסות'),
      shop('קמח טף לבן', '1 כוס'),
      plain('מים', '4 כוסות'),
      plain('מלח', '½ כפית'),
    ],
    instructions: [
      'מערבבים את שני הקמחים עם שלוש כוסות מים לבלילה חלקה ומכסים במגבת.',
      'משאירים לתסוס בטמפרטורת החדר יומיים עד שלושה, עד שמופיעות בועות וריח חמצמץ.',
      'שופכים את הנוזל הצהבהב שעלה למעלה ומערבבים את המלח ואת שאר המים.',
      'מחממים מחבת רחבה ללא שמן, יוצקים בלילה בספירלה מהחוץ פנימה.',
      'מכסים כשמופיעות עיניים על כל הפני השטח ואופים כשתי דקות, בלי להפוך.',
      'מעבירים למגבת נקייה ומניחים להתקרר לפני שמערמים.',
    ],
    art: { vessel: 'plate', color: '#d7b98a', accents: [] },
  },
  {
    slug: 'beef-tibs',
    name: 'טיבס בקר',
    description: 'קוביות בקר מוקפצות במחבת לוהטת עם ניטר קיבה, מיטמיטה ופלפל ירוק, מוגשות רותחות.',
    difficulty: 'Medium',
    prepTime: '30 דקות',
    servings: 4,
    categories: ['tibs'],
    ingredients: [
      plain('בשר בקר (שייטל או אנטריקוט)', '600 גרם, בקוביות'),
      shop('ניטר קיבה', '3 כפות'),
      shop('מיטמיטה', '1 כפית'),
      shop('אוואזה', '2 כפות, להגשה'),
      plain('בצל אדום', '1, בפרוסות'),
      plain('פלפל ירוק חריף', '2, בפרוסות'),
      plain('רוזמרין', '2 ענפים'),
    ],
    instructions: [
      'מחממים מחבת ברזל עד שהיא מעשנת.',
      'צורבים את הבשר במנות קטנות שתי דקות, בלי לערבב.',
      'מוסיפים בצל, פלפל, רוזמרין וניטר קיבה ומקפיצים שתי דקות נוספות.',
      'מפזרים מיטמיטה ומגישים מיד, עם אוואזה לטבילה.',
    ],
    art: { vessel: 'plate', color: '#6e2f1c', accents: ['#6e2f1c', '#5f7f3a', '#a8281c'] },
  },
  {
    slug: 'timatim-salad',
    name: 'סלט טימטים',
    description: 'סלט עגבניות אתיופי רענן עם בצל סגול, פלפל חריף ומיטמיטה, שמרענן כל ארוחה.',
    difficulty: 'Easy',
    prepTime: '15 דקות',
    servings: 4,
    categories: ['salad', 'glutenFree'],
    ingredients: [
      plain('עגבניות', '5 בשלות, בקוביות'),
      plain('בצל סגול', '1, קצוץ דק'),
      plain('פלפל ירוק חריף', '1, קצוץ'),
      shop('מיטמיטה', '¼ כפית'),
      shop('פלפל שחור גרוס', 'קורט'),
      plain('לימון', '1, סחוט'),
      plain('שמן זית', '3 כפות'),
    ],
    instructions: [
      'מערבבים בקערה עגבניות, בצל ופלפל.',
      'טורפים מיץ לימון, שמן זית, מיטמיטה ופלפל שחור.',
      'יוצקים את הרוטב על הירקות, מערבבים ומשהים עשר דקות לפני ההגשה.',
    ],
    art: { vessel: 'plate', color: '#d13b2a', accents: ['#d13b2a', '#5f7f3a', '#d13b2a', '#7a3a6a'] },
  },
  {
    slug: 'dabo',
    name: 'לחם דאבו',
    description: 'לחם חגיגי אתיופי רך ומתקתק עם דבש, קצח וקורארימה, שאופים לחגים ולשבת.',
    difficulty: 'Medium',
    prepTime: '3 שעות (כולל התפחה)',
    servings: 10,
    categories: ['bread'],
    ingredients: [
      shop('קמח כוסמין מלא', '4 כוסות'),
      shop('דבש בר', '3 כפות'),
      shop('קצח', '1 כף'),
      shop('תלתן', '1 כפית'),
      shop('קורארימה', '½ כפית'),
      plain('שמרים יבשים', '1 כף'),
      plain('מים פושרים', '1½ כוסות'),
      plain('מלח', '1 כפית'),
    ],
    instructions: [
      'ממיסים את הדבש במים הפושרים ומוסיפים את השמרים.',
      'מערבבים את הקמח, התבלינים והמלח ומוסיפים את נוזל השמרים.',
      'לשים עשר דקות לבצק רך ומניחים להתפיח שעה וחצי.',
      'מעצבים עגול בתבנית משומנת ומתפיחים עוד חצי שעה.',
      'אופים ארבעים דקות ב־180 מעלות, עד שהלחם שחום ונשמע חלול.',
    ],
    art: { vessel: 'plate', color: '#b9793f', accents: ['#b9793f'] },
  },
  {
    slug: 'honey-spice-cookies',
    name: 'עוגיות דבש ותבלינים',
    description: 'עוגיות רכות ומתובלות עם דבש בר, ג׳ינג׳ר וקינמון, שמריחות כמו חורף בבית.',
    difficulty: 'Easy',
    prepTime: '45 דקות',
    servings: 30,
    categories: ['dessert'],
    ingredients: [
      shop('קמח כוסמין מלא', '2 כוסות'),
      shop('דבש בר', '½ כוס'),
      shop('ג׳ינג׳ר טחון', '1 כפית'),
      shop('קינמון צילון', '2 כפיות'),
      plain('חמאה רכה', '100 גרם'),
      plain('ביצה', '1'),
      plain('אבקת אפייה', '1 כפית'),
    ],
    instructions: [
      'מקציפים חמאה ודבש עד לתערובת בהירה ומוסיפים את הביצה.',
      'מוסיפים קמח, אבקת אפייה ותבלינים ולשים לבצק רך.',
      'מקררים חצי שעה, יוצרים כדורים ומשטחים מעט על תבנית.',
      'אופים 12 דקות ב־175 מעלות ומצננים על רשת.',
    ],
    art: {
      vessel: 'plate',
      color: '#b07a3a',
      accents: ['#b07a3a', '#c48a4a', '#a06a30', '#b9803f', '#a87838'],
    },
  },
  {
    slug: 'golden-rice',
    name: 'אורז זהוב בתבלינים',
    description: 'אורז בסמטי אוורירי בכורכום, זעפרן ותבלין לאורז, תוספת חגיגית ללא גלוטן.',
    difficulty: 'Easy',
    prepTime: '35 דקות',
    servings: 6,
    categories: ['glutenFree'],
    ingredients: [
      plain('אורז בסמטי', '2 כוסות'),
      shop('תבלין לאורז', '2 כפיות'),
      shop('כורכום טחון', '½ כפית'),
      shop('זעפרן', 'כמה חוטים, מושרים בכף מים חמים'),
      plain('בצל', '1, קצוץ'),
      plain('שמן', '3 כפות'),
      plain('מים רותחים', '3 כוסות'),
    ],
    instructions: [
      'שוטפים את האורז עד שהמים צלולים ומסננים.',
      'מזהיבים את הבצל בשמן, מוסיפים את התבלינים ומערבבים חצי דקה.',
      'מוסיפים את האורז ומערבבים עד שכל גרגר מצופה.',
      'מוסיפים מים רותחים ומלח, מכסים ומבשלים רבע שעה על אש נמוכה מאוד.',
      'מכבים, משאירים מכוסה עשר דקות ומפרידים במזלג.',
    ],
    art: { vessel: 'plate', color: '#e1a21b', accents: ['#e1a21b'] },
  },
  {
    slug: 'chechebsa',
    name: 'צ׳צ׳בסה',
    description: 'ארוחת בוקר אתיופית: לחם שטוח קרוע לפתיתים ומוקפץ עם ניטר קיבה וברברה, מוגש עם דבש.',
    difficulty: 'Medium',
    prepTime: '40 דקות',
    servings: 4,
    categories: ['bread'],
    ingredients: [
      shop('קמח כוסמין מלא', '2 כוסות'),
      shop('ניטר קיבה', '4 כפות'),
      shop('ברברה', '1 כף'),
      shop('דבש בר', 'להגשה'),
      plain('מים', '1 כוס'),
      plain('מלח', '½ כפית'),
    ],
    instructions: [
      'מערבבים קמח, מים ומלח לבצק רך ומשטחים לעיגול דק.',
      'אופים במחבת יבשה שלוש דקות מכל צד.',
      'קורעים את הלחם החם לפתיתים קטנים.',
      'ממיסים ניטר קיבה עם ברברה, מוסיפים את הפתיתים ומקפיצים עד שהם מצופים.',
      'מגישים חם עם דבש ויוגורט.',
    ],
    art: { vessel: 'plate', color: '#a8501e', accents: ['#a8501e', '#d99a1e'] },
  },
]

export const PACKAGES: SeedPackage[] = [
  {
    slug: 'misir-wot-package',
    name: 'מארז מיסיר ווט לארבעה',
    description: 'עדשים אדומות, ברברה וניטר קיבה במידות מדויקות, עם כרטיס מתכון. ערב אתיופי בשלושה צעדים.',
    priceAgorot: 5690,
    cookingTime: 45,
    peoplesQuantity: 4,
    items: [
      { product: 'עדשים אדומות', size: '1 ק״ג', quantity: 1 },
      { product: 'ברברה', size: '100 גרם', quantity: 1 },
      { product: 'ניטר קיבה', size: '250 גרם', quantity: 1 },
    ],
    recipeName: 'מיסיר ווט',
    kinds: ['stews'],
    art: { vessel: 'basket', color: '#c0392b', accents: ['#c0392b', '#e8b53a', '#d4622a'] },
  },
  {
    slug: 'doro-wot-package',
    name: 'מארז דורו ווט חגיגי',
    description: 'כל התבלינים לדורו ווט של חג: ברברה, ניטר קיבה, קורארימה וג׳ינג׳ר, לשולחן של שישה.',
    priceAgorot: 11900,
    cookingTime: 180,
    peoplesQuantity: 6,
    items: [
      { product: 'ברברה', size: '250 גרם', quantity: 1 },
      { product: 'ניטר קיבה', size: '500 גרם', quantity: 1 },
      { product: 'קורארימה', size: '50 גרם', quantity: 1 },
      { product: 'ג׳ינג׳ר טחון', size: '100 גרם', quantity: 1 },
    ],
    recipeName: 'דורו ווט',
    kinds: ['stews'],
    art: { vessel: 'basket', color: '#8e2a1a', accents: ['#8e2a1a', '#f3e6cf', '#5a4030', '#8e2a1a'] },
  },
  {
    slug: 'shiro-package',
    name: 'מארז שירו ווט מהיר',
    description: 'שירו חריף וניטר קיבה לארוחה חמה בעשרים וחמש דקות, טבעונית כמעט לגמרי.',
    priceAgorot: 4900,
    cookingTime: 25,
    peoplesQuantity: 4,
    items: [
      { product: 'שירו חריף', size: '500 גרם', quantity: 1 },
      { product: 'ניטר קיבה', size: '250 גרם', quantity: 1 },
    ],
    recipeName: 'שירו ווט',
    kinds: ['stews'],
    art: { vessel: 'basket', color: '#c7702a', accents: ['#c7702a', '#c7702a'] },
  },
  {
    slug: 'injera-package',
    name: 'מארז אינג׳רה למתחילים',
    description: 'טף חום וטף לבן בשילוב המנצח, עם מדריך תסיסה מפורט. עשרים אינג׳רות ראשונות בבית.',
    priceAgorot: 5390,
    cookingTime: 60,
    peoplesQuantity: 8,
    items: [
      { product: 'קמח טף חום', size: '1 ק״ג', quantity: 1 },
      { product: 'קמח טף לבן', size: '500 גרם', quantity: 1 },
    ],
    recipeName: 'אינג׳רה ביתית',
    kinds: ['enjera'],
    art: { vessel: 'crate', color: '#7b4a2a', accents: ['#7b4a2a', '#d8c3a0', '#7b4a2a', '#d8c3a0'] },
  },
  {
    slug: 'tibs-package',
    name: 'מארז טיבס ואוואזה',
    description: 'ניטר קיבה, מיטמיטה ואוואזה לטיבס לוהט כמו במסעדה. רק להוסיף בשר טרי.',
    priceAgorot: 5990,
    cookingTime: 30,
    peoplesQuantity: 4,
    items: [
      { product: 'ניטר קיבה', size: '250 גרם', quantity: 1 },
      { product: 'מיטמיטה', size: '100 גרם', quantity: 1 },
      { product: 'אוואזה', size: '200 גרם', quantity: 1 },
    ],
    recipeName: 'טיבס בקר',
    kinds: [],
    art: { vessel: 'basket', color: '#6e2f1c', accents: ['#6e2f1c', '#a8281c', '#5f7f3a', '#e8b53a'] },
  },
  {
    slug: 'dabo-package',
    name: 'מארז דאבו לשבת',
    description: 'קמח כוסמין, דבש בר, קצח, תלתן וקורארימה לכיכר דאבו ריחנית לשבת ולחג.',
    priceAgorot: 5900,
    cookingTime: 180,
    peoplesQuantity: 10,
    items: [
      { product: 'קמח כוסמין מלא', size: '1 ק״ג', quantity: 1 },
      { product: 'דבש בר', size: '350 גרם', quantity: 1 },
      { product: 'קצח', size: '100 גרם', quantity: 1 },
      { product: 'תלתן', size: '100 גרם', quantity: 1 },
      { product: 'קורארימה', size: '50 גרם', quantity: 1 },
    ],
    recipeName: 'לחם דאבו',
    kinds: ['baking'],
    art: { vessel: 'crate', color: '#c9a77a', accents: ['#c9a77a', '#d99a1e', '#2a2624', '#c9a13b'] },
  },
  {
    slug: 'honey-cookies-package',
    name: 'מארז עוגיות דבש ותבלינים',
    description: 'ג׳ינג׳ר, קינמון צילון ודבש בר לעוגיות דבש רכות, לאפייה עם הילדים. כשלושים עוגיות.',
    priceAgorot: 4490,
    cookingTime: 45,
    peoplesQuantity: 10,
    items: [
      { product: 'ג׳ינג׳ר טחון', size: '100 גרם', quantity: 1 },
      { product: 'קינמון צילון', size: '100 גרם', quantity: 1 },
      { product: 'דבש בר', size: '350 גרם', quantity: 1 },
    ],
    recipeName: 'עוגיות דבש ותבלינים',
    kinds: ['desserts', 'baking'],
    art: { vessel: 'crate', color: '#d99a1e', accents: ['#d99a1e', '#8b4a2b', '#d2b06a'] },
  },
]

/** The pictures the home page uses (spec §2: heroes, beyaynetu, roll injera, tavlinim, menu, awaze, about). */
export const SITE_IMAGES: SeedSiteImage[] = [
  { name: 'hero-1', scene: 'spread', palette: ['#b0321f', '#e1a21b', '#5f7f3a', '#c7702a', '#d4622a'] },
  { name: 'hero-2', scene: 'bowls', palette: ['#b0321f', '#e1a21b', '#d4622a', '#7d8a3a', '#8b4a2b'] },
  { name: 'hero-3', scene: 'coffee', palette: ['#4a2c1d', '#c99a2e'] },
  { name: 'hero-4', scene: 'sacks', palette: ['#7b4a2a', '#d8c3a0', '#d99a1e', '#b0321f'] },
  {
    name: 'beyaynetu',
    scene: 'injera',
    palette: ['#b0321f', '#e0b33a', '#5f7f3a', '#c7702a', '#d4622a', '#8e3b1f'],
  },
  { name: 'roll-injera', scene: 'rolls', palette: ['#a8281c', '#d7b98a'] },
  { name: 'tavlinim', scene: 'bowls', palette: ['#e1a21b', '#c0392b', '#3b3430', '#7d8a3a', '#d2461e'] },
  { name: 'menu', scene: 'spread', palette: ['#8e2a1a', '#c7702a', '#5f7f3a', '#e0b33a', '#6e2f1c'] },
  { name: 'awaze', scene: 'jar', palette: ['#a8281c', '#e8b53a'] },
  { name: 'about', scene: 'sacks', palette: ['#c9a77a', '#d8c3a0', '#e8b53a', '#e1a21b'] },
]

/** File base name for a product image: its English name in kebab-case. */
export function productSlug(product: Pick<SeedProduct, 'nameInEnglish'>): string {
  return product.nameInEnglish
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
