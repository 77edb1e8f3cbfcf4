/**
 * Delivery times: one setting (the server's DELIVERY_DAYS_MIN/MAX, served as
 * `deliveryDays` by GET /api/config) that the terms, the home page's questions, the
 * thank-you page and the order e-mail all read, so no page promises another time.
 */
export type DeliveryDays = { min: number; max: number }

/** The earliest and latest expected delivery dates, as UTC midnights of Israeli calendar days. */
export type DeliveryWindow = { earliest: Date; latest: Date }

const DAY_MS = 86_400_000
// Israeli business days are Sunday to Thursday; Friday (5) and Saturday (6) are not.
const WEEKEND = new Set([5, 6])

/** The calendar day in Israel on which `instant` falls, as that day's UTC midnight. */
function israeliDay(instant: Date): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jerusalem',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant)
  return new Date(`${parts}T00:00:00.000Z`)
}

function addBusinessDays(day: Date, count: number): Date {
  let date = day
  for (let added = 0; added < count;) {
    date = new Date(date.getTime() + DAY_MS)
    if (!WEEKEND.has(date.getUTCDay())) added++
  }
  return date
}

/** When an order placed at `orderedAt` is expected: `min` to `max` business days later (holidays not counted). */
export function deliveryWindow(orderedAt: Date, days: DeliveryDays): DeliveryWindow {
  const day = israeliDay(orderedAt)
  return { earliest: addBusinessDays(day, days.min), latest: addBusinessDays(day, days.max) }
}

/** "יום ראשון, 29 בנובמבר – יום רביעי, 2 בדצמבר" (one date when both ends meet). */
export function formatDeliveryWindow(window: DeliveryWindow, locale = 'he-IL'): string {
  const format = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  })
  return format.formatRange(window.earliest, window.latest)
}
