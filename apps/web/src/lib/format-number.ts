/**
 * 1234.5 → "1,234.50": the grouping and decimal point of he-IL (and en-US), written out
 * by hand. Intl.NumberFormat would give the same digits, but its first use loads the
 * locale's data, about 50 ms of a phone's main thread while the page starts (decision 097).
 * Amounts are whole agorot, so toFixed's rounding never meets a third decimal.
 */
export function formatDecimal(value: number, fractionDigits: 0 | 2): string {
  const [whole = '0', fraction] = Math.abs(value).toFixed(fractionDigits).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`
}
