import { useTranslation } from 'react-i18next'

const whole = new Intl.NumberFormat('he-IL', { maximumFractionDigits: 0 })
const withAgorot = new Intl.NumberFormat('he-IL', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** 15 ₪ stays "15"; 12.9 ₪ reads "12.90", never "12.9". */
export function formatAmount(shekels: number): string {
  return Number.isInteger(shekels) ? whole.format(shekels) : withAgorot.format(shekels)
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
