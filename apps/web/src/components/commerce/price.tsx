import { formatShekels } from '@tavlin/contracts'

type PriceProps = { amount: number; className?: string }

/**
 * The shop's one price component: "1,234.50 ₪" from the contracts' formatter (decision 130),
 * isolated left-to-right so the sign never jumps to the other side of the digits in Hebrew.
 */
export function Price({ amount, className = '' }: PriceProps) {
  return (
    <bdi dir="ltr" className={`whitespace-nowrap tabular-nums ${className}`}>
      {formatShekels(amount)}
    </bdi>
  )
}
