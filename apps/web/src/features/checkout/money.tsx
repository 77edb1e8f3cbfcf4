const formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** "₪1,234.50" as plain text, for sentences that interpolate a price. */
export function formatShekels(shekels: number): string {
  return `₪${formatter.format(shekels)}`
}

/** A price that keeps its left-to-right order inside RTL text. */
export function Money({ shekels, className = '' }: { shekels: number; className?: string }) {
  return (
    <bdi dir="ltr" className={`tabular-nums ${className}`}>
      {formatShekels(shekels)}
    </bdi>
  )
}
