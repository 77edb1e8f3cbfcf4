/** Timestamps arrive as Date from column selects and as strings from JSON aggregates. */
export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString()
}

/** `2026-11-22 14:05`, Israel time: what a spreadsheet sorts and the shop reads. */
export function israelDateTime(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Jerusalem',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}
