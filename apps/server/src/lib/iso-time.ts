/** Timestamps arrive as Date from column selects and as strings from JSON aggregates. */
export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString()
}
