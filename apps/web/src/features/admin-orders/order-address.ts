import { useTranslation } from '../../lib/i18n'
import type { AdminOrder } from '@tavlin/contracts'

type Address = AdminOrder['customer']['address']

const DETAILS = ['entrance', 'floor', 'apartment'] as const

/**
 * The order's address on one line, as the admin area and the packing slips show it:
 * "הרצל 5, כניסה ב, קומה 3, דירה 12, חיפה 3303100" (entrance, floor and apartment only
 * when given, decision 226).
 */
export function useOrderAddress() {
  const { t } = useTranslation()
  return (address: Address) => {
    const details = DETAILS.flatMap((field) => {
      const value = address[field]?.trim()
      return value ? [t(`admin.orders.addressDetails.${field}`, { value })] : []
    })
    const street = [`${address.street} ${address.streetNum}`, ...details].join(', ')
    return `${street}, ${address.city}${address.postal_code ? ` ${address.postal_code}` : ''}`
  }
}
