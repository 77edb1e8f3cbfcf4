import { formatShekelsText, type DeliveryCatalog, type DeliveryMethod } from '@tavlin/contracts'

/**
 * Every sentence the shop says about delivery, written from the owner's delivery methods
 * (issue 35): the checkout's disclosure, the terms and shipping pages, the order e-mail and
 * the home page's answer all read these, so none of them can promise another time, fee or
 * area than checkout charges. Hebrew, as the e-mails and legal pages are (decision 256).
 */
export type DeliveryTerms = {
  /** One sentence per method the shop offers: how long, what it costs, where it goes. */
  methods: string
  /** The cities home delivery does not go to, as the owner listed them; '' when none. */
  undeliveredCities: string
  /** The methods, then the cities without delivery: the paragraph every page shows. */
  summary: string
  /** What shipping costs, in short: "15.00 ₪ עד 25.00 ₪, לפי …; חינם בהזמנה של 200.00 ₪ ומעלה". */
  fees: string
}

type Zone = DeliveryMethod['zones'][number]

const price = (shekels: number): string => formatShekelsText(shekels)

/** "תוך 2–4 ימי עסקים מיום התשלום", "תוך יום עסקים אחד מיום התשלום", or "ביום התשלום". */
function daysPhrase(min: number, max: number): string {
  if (max === 0) return 'ביום התשלום'
  if (min !== max) return `תוך ${min}–${max} ימי עסקים מיום התשלום`
  return min === 1 ? 'תוך יום עסקים אחד מיום התשלום' : `תוך ${min} ימי עסקים מיום התשלום`
}

const zoneName = (zone: Zone): string => zone.name || 'שאר הארץ'
const zonePrice = (zone: Zone): string => (zone.price === 0 ? 'חינם' : price(zone.price))

/** A home delivery's fees: one for all its zones, or each zone's; free from its threshold. */
function feesOf(method: DeliveryMethod): string {
  const prices = new Set(method.zones.map((zone) => zone.price))
  const [only] = prices
  const fees =
    prices.size === 1
      ? only === 0
        ? 'ללא דמי משלוח'
        : `דמי משלוח ${price(only!)}`
      : `דמי משלוח לפי אזור: ${method.zones.map((zone) => `${zoneName(zone)} ${zonePrice(zone)}`).join(', ')}`
  const charges = method.zones.some((zone) => zone.price > 0)
  return method.freeAbove !== null && charges
    ? `${fees}, חינם בהזמנה של ${price(method.freeAbove)} ומעלה`
    : fees
}

function methodSentence(method: DeliveryMethod): string {
  const days = daysPhrase(method.daysMin, method.daysMax)
  if (method.kind === 'pickup')
    return `${method.name}: איסוף מהכתובת ${method.pickupAddress} (${method.openingHours}); ההזמנה מוכנה לאיסוף ${days}, ללא דמי משלוח.`
  // Without a zone of "everywhere else" the method goes only to its zones' cities.
  const named = method.zones.filter((zone) => !zone.everywhereElse).map(zoneName)
  const only = method.zones.some((zone) => zone.everywhereElse)
    ? ''
    : `; רק ליישובים ${named.length === 1 ? 'שבאזור' : 'שבאזורים'} ${named.join(', ')}`
  return `${method.name}: אספקה ${days}; ${feesOf(method)}${only}.`
}

/** The fees of all methods in a phrase, for the terms' clause on prices. */
function feesPhrase(methods: DeliveryMethod[]): string {
  const home = methods.filter((method) => method.kind === 'delivery')
  const prices = home.flatMap((method) => method.zones.map((zone) => zone.price))
  const parts: string[] = []
  if (prices.length > 0) {
    const [low, high] = [Math.min(...prices), Math.max(...prices)]
    parts.push(
      low === high
        ? low === 0
          ? 'משלוח עד הבית ללא תשלום'
          : price(low)
        : `${low === 0 ? 'חינם' : price(low)} עד ${price(high)}, לפי דרך המשלוח והיישוב`,
    )
  }
  for (const method of home) {
    if (method.freeAbove === null || !method.zones.some((zone) => zone.price > 0)) continue
    const where = home.length > 1 ? `ב${method.name} ` : ''
    parts.push(`חינם ${where}בהזמנה של ${price(method.freeAbove)} ומעלה`)
  }
  if (methods.some((method) => method.kind === 'pickup')) parts.push('איסוף עצמי ללא תשלום')
  return parts.join('; ')
}

export function deliveryTermsOf(catalog: DeliveryCatalog): DeliveryTerms {
  const methods = catalog.methods.filter((method) => method.active)
  const undeliveredCities = catalog.excludedCities.join(', ')
  const hasHomeDelivery = methods.some((method) => method.kind === 'delivery')
  const undelivered =
    undeliveredCities && hasHomeDelivery ? `אין משלוח עד הבית ליישובים: ${undeliveredCities}.` : ''
  const sentences = methods.map(methodSentence).join(' ')
  return {
    methods: sentences,
    undeliveredCities,
    summary: [sentences, undelivered].filter(Boolean).join(' '),
    fees: feesPhrase(methods),
  }
}
