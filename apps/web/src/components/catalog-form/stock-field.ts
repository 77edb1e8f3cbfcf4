/**
 * A stock input's value as the contract wants it: empty is null ("not tracked", decision
 * 221), anything else a number (a fraction or a negative fails the schema with its message).
 */
export function asStock(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null
  return Number(value)
}
