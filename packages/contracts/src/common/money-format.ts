/**
 * The one way the shop writes a price (decision 130): "1,234.50 ₪" — always two decimals,
 * thousands separators, the sign after the amount, as the storefront has always shown it.
 *
 * Written out by hand rather than with Intl.NumberFormat: Intl gives the same digits for
 * he-IL (the test checks), but its first use loads the locale's data, about 50 ms of a
 * phone's main thread while the storefront starts (decision 097).
 */
export function formatShekels(shekels: number): string {
  // Amounts are whole agorot, so toFixed's rounding never meets a third decimal.
  const [whole = '0', fraction = '00'] = Math.abs(shekels).toFixed(2).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${shekels < 0 ? '-' : ''}${grouped}.${fraction} ₪`
}

/** A rounded amount in whole shekels, for a chart's axis: "1,235 ₪". */
export function formatWholeShekels(shekels: number): string {
  const whole = String(Math.round(Math.abs(shekels))).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${shekels < 0 ? '-' : ''}${whole} ₪`
}

/** U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE. */
const LRI = '\u2066'
const PDI = '\u2069'

/**
 * A price for plain text (e-mail bodies, subjects, sentences): isolated left-to-right,
 * so inside Hebrew the ₪ stays after the digits instead of jumping to their other side.
 * Markup uses `<bdi dir="ltr">` around `formatShekels` instead.
 */
export function formatShekelsText(shekels: number): string {
  return `${LRI}${formatShekels(shekels)}${PDI}`
}
