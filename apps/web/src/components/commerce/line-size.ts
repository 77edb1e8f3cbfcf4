import { PACKAGE_SIZE } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'

/**
 * An order line's size as people read it: "מארז" for a package, never the wire value
 * 'package' (issue 35). The account's orders, the re-order notes and the packing slip say it alike.
 */
export function useLineSizeName() {
  const { t } = useTranslation()
  return (size: string) => (size === PACKAGE_SIZE ? t('cart.packageSize') : size)
}
