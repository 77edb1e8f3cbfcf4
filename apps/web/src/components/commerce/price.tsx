import { useTranslation } from 'react-i18next'

const formatter = new Intl.NumberFormat('he-IL', { minimumFractionDigits: 0, maximumFractionDigits: 2 })

export function formatAmount(shekels: number): string {
  return formatter.format(shekels)
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
