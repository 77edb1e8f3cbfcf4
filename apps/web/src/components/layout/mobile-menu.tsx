import type { ReactNode } from 'react'
import { Suspense, lazy, useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { MenuIcon } from '../ui/icons'
import { iconButtonClass } from '../ui/icon-button'

// The panel (and Radix Dialog with it) is fetched on first use, not with the shell.
const loadPanel = () => import('./mobile-menu-panel')
const MobileMenuPanel = lazy(loadPanel)

type MobileMenuProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Admin link, theme toggle and account control, composed by the header's caller. */
  controls: ReactNode
}

/** Hamburger button plus the full-width slide-over for small screens. */
export function MobileMenu({ open, onOpenChange, controls }: MobileMenuProps) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const triggerRef = useRef<HTMLButtonElement>(null)

  // Any navigation closes the menu, including back/forward while it is open.
  useEffect(() => {
    onOpenChange(false)
  }, [pathname, onOpenChange])

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label={t('header.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => onOpenChange(true)}
        // Warm the chunk as soon as the visitor heads for the button.
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        className={`${iconButtonClass} lg:hidden`}
      >
        <MenuIcon />
      </button>
      {open && (
        <Suspense fallback={null}>
          <MobileMenuPanel
            open={open}
            onOpenChange={onOpenChange}
            controls={controls}
            returnFocusTo={triggerRef}
          />
        </Suspense>
      )}
    </>
  )
}
