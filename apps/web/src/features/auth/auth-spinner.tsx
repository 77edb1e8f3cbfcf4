import { useTranslation } from 'react-i18next'

/** The three-circle loading indicator of spec §2, sized for the header and the guard. */
export function AuthSpinner({ className = '' }: { className?: string }) {
  const { t } = useTranslation()
  return (
    <span role="status" aria-live="polite" className={`inline-flex items-center gap-1 ${className}`}>
      <span className="size-2 animate-bounce rounded-full bg-amber-600 [animation-delay:-0.3s]" aria-hidden="true" />
      <span className="size-2 animate-bounce rounded-full bg-red-700 [animation-delay:-0.15s]" aria-hidden="true" />
      <span className="size-2 animate-bounce rounded-full bg-green-700" aria-hidden="true" />
      <span className="sr-only">{t('auth.loading')}</span>
    </span>
  )
}
