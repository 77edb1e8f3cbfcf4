import { SHOP_TIME_ZONE } from '@tavlin/contracts'

// The shop's calendar, so an order placed at 01:00 in Israel shows that day everywhere.
const dayAndMonth = new Intl.DateTimeFormat('he-IL', {
  day: 'numeric',
  month: 'long',
  timeZone: SHOP_TIME_ZONE,
})

/** Spec §2: created at as day and long month, Hebrew locale. */
export function formatOrderDay(iso: string): string {
  return dayAndMonth.format(new Date(iso))
}

/** The shop's one date-with-time form (lib/shop-dates). */
export { formatShopDateTime as formatDateTime } from '../../lib/shop-dates'
