import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useIsAdmin } from './use-is-admin'

type Props = {
  className?: string
  /** The mobile menu closes itself here. */
  onNavigate?: () => void
  /** An icon for the desktop header; the label stays for screen readers. */
  icon?: ReactNode
}

/** The /admin link, rendered for administrators only (desktop header and mobile menu). */
export function AdminLink({ className, onNavigate, icon }: Props) {
  const isAdmin = useIsAdmin()
  const { t } = useTranslation()
  if (!isAdmin) return null
  return (
    <Link to="/admin" className={className} onClick={onNavigate} aria-label={icon ? t('auth.adminLink') : undefined}>
      {icon ?? t('auth.adminLink')}
    </Link>
  )
}
