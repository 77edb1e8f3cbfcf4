import type { ReactNode } from 'react'
import { useState } from 'react'
import { Link, NavLink } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { paths } from '../../config/paths'
import { useHideOnScroll } from '../../hooks/use-hide-on-scroll'
import { LogoMark } from '../ui/icons'
import { MobileMenu } from './mobile-menu'
import { NAV_ITEMS } from './nav-items'

export type HeaderProps = {
  /** Cart button; always visible, on mobile too. */
  cartSlot: ReactNode
  themeSlot: ReactNode
  /** Login/logout control. */
  accountSlot: ReactNode
  /** Admin link, rendered by the caller for admins only; nothing otherwise. */
  adminSlot?: ReactNode
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3.5 py-2 text-[0.95rem] font-medium transition-colors ${
    isActive ? 'bg-primary text-on-primary' : 'text-ink hover:bg-surface-2'
  }`

/**
 * The site header. It knows nothing about the cart, theme or auth: the app
 * composes those in through slots, so the layout stays free of feature imports.
 */
export function Header({ cartSlot, themeSlot, accountSlot, adminSlot }: HeaderProps) {
  const { t } = useTranslation()
  const isScrolledAway = useHideOnScroll()
  const [isMenuOpen, setMenuOpen] = useState(false)
  const isHidden = isScrolledAway && !isMenuOpen

  return (
    <header
      data-hidden={isHidden}
      className={`fixed inset-x-0 top-0 z-40 border-b border-line bg-canvas/90 backdrop-blur-md transition-transform duration-300 focus-within:translate-y-0 motion-reduce:transition-none ${
        isHidden ? '-translate-y-full' : 'translate-y-0'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 md:h-20 md:px-6">
        <Link to={paths.home} aria-label={t('header.homeLink')} className="flex shrink-0 items-center gap-2">
          <LogoMark className="size-9" />
          <span className="text-2xl font-extrabold tracking-tight text-primary">{t('app.name')}</span>
        </Link>

        <nav aria-label={t('nav.label')} className="ms-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navLinkClass}>
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ms-auto flex items-center gap-1.5">
          <div className="hidden items-center gap-1.5 lg:flex">
            {adminSlot}
            {themeSlot}
            {accountSlot}
          </div>
          {cartSlot}
          <MobileMenu
            onOpenChange={setMenuOpen}
            controls={
              <>
                {adminSlot}
                {themeSlot}
                {accountSlot}
              </>
            }
          />
        </div>
      </div>
    </header>
  )
}
