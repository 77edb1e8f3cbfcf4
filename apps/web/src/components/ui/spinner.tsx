import { useTranslation } from '../../lib/i18n'

const DOTS = [
  { colour: 'bg-primary', delay: '[animation-delay:-0.32s]' },
  { colour: 'bg-saffron', delay: '[animation-delay:-0.16s]' },
  { colour: 'bg-olive', delay: '' },
] as const

type SpinnerProps = { size?: 'sm' | 'md'; className?: string }

/** The spec's loading indicator: three coloured circles. */
export function Spinner({ size = 'md', className = '' }: SpinnerProps) {
  const { t } = useTranslation()
  const dot = size === 'sm' ? 'size-2' : 'size-3.5'
  return (
    <div
      role="status"
      aria-label={t('common.loading')}
      className={`inline-flex items-center gap-1.5 ${className}`}
    >
      {DOTS.map(({ colour, delay }) => (
        <span
          key={colour}
          aria-hidden="true"
          // Reduced motion: the dots stay still, the label still announces the wait.
          className={`${dot} ${colour} ${delay} animate-spinner-dot rounded-full motion-reduce:animate-none`}
        />
      ))}
    </div>
  )
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  )
}
