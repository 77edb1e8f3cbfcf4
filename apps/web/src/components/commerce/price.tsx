import { useTranslation } from 'react-i18next'
import { formatDecimal } from '../../lib/format-number'

/** 15 ₪ stays "15"; 12.9 ₪ reads "12.90", never "12.9". */
export function formatAmount(shekels: number): string {
  return formatDecimal(shekels, Number.isInteger(shekels) ? 0 : 2)
}

type PriceProps = { amount: number; className?: string }

/** A shekel amount; its digits and sign keep their left-to-right order inside Hebrew text. */
export function Price({ amount, className = '' }: PriceProps) {
  const { t } = useTranslation()
  return (
    <bdi dir="ltr" className={`whitespace-nowrap tabular-nums ${className}`}>
      {t('common.price', { amount: formatAmount(amount) })}
    </bdi>
  )
}
