import { formatDecimal } from '../../lib/format-number'

/** "₪1,234.50" as plain text, for sentences that interpolate a price. */
export function formatShekels(shekels: number): string {
  return `₪${formatDecimal(shekels, 2)}`
}

/** A price that keeps its left-to-right order inside RTL text. */
export function Money({ shekels, className = '' }: { shekels: number; className?: string }) {
  return (
    <bdi dir="ltr" className={`tabular-nums ${className}`}>
      {formatShekels(shekels)}
    </bdi>
  )
}
