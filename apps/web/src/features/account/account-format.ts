import { SHOP_TIME_ZONE } from '@tavlin/contracts'

// The shop's calendar, so an order placed at 01:00 in Israel shows that day everywhere.
const orderDate = new Intl.DateTimeFormat('he-IL', { dateStyle: 'medium', timeZone: SHOP_TIME_ZONE })

export function formatOrderDate(iso: string): string {
  return orderDate.format(new Date(iso))
}

export const sectionClass = 'scroll-mt-24 rounded-3xl border border-line bg-surface p-5 shadow-sm md:p-8'
export const sectionTitleClass = 'mb-4 text-xl font-bold'
