import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { useIsAdmin } from './use-is-admin'

type Props = {
  className?: string
  /** An icon; the label then stays for screen readers only. */
  icon?: ReactNode
}

/** The /admin link, rendered for administrators only (desktop header and mobile menu). */
export function AdminLink({ className, icon }: Props) {
  const isAdmin = useIsAdmin()
  const { t } = useTranslation()
  if (!isAdmin) return null
  return (
    <Link to="/admin" className={className} aria-label={icon ? t('auth.adminLink') : undefined}>
      {icon ?? t('auth.adminLink')}
    </Link>
  )
}
