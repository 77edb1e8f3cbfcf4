import { SHOP_TIME_ZONE } from '@tavlin/contracts'

// One way to write a date and one to write a date with its time, everywhere in the shop and
// its admin, always on Israel's clock, whatever the browser's own zone (issue 35).
const date = new Intl.DateTimeFormat('he-IL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
})
const dateTime = new Intl.DateTimeFormat('he-IL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: SHOP_TIME_ZONE,
})

/** "28.11.2026": the day in Israel of an instant (an ISO string or a Date). */
export function formatShopDate(at: string | Date): string {
  return date.format(new Date(at))
}

/** "28.11.2026, 07:34": an instant on Israel's clock. */
export function formatShopDateTime(at: string | Date): string {
  return dateTime.format(new Date(at))
}
