import type { ReactNode } from 'react'
import { Suspense, useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { warmOnEarlyTap } from '../../lib/early-tap'
import { lazyLoaded } from '../../lib/lazy-loaded'
import { useTranslation } from '../../lib/i18n'
import { MenuIcon } from '../ui/icons'
import { iconButtonClass } from '../ui/icon-button'

// The panel (and Radix Dialog with it) is fetched on first use, not with the shell.
const { Component: MobileMenuPanel, load: loadPanel } = lazyLoaded(() => import('./mobile-menu-panel'))
const MENU_PANEL = warmOnEarlyTap('mobile-menu', loadPanel)

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
        data-early-tap={MENU_PANEL}
        aria-expanded={open}
        // Opened once the panel's code is in: it renders at once (lib/lazy-loaded).
        onClick={() => {
          const open = () => onOpenChange(true)
          loadPanel().then(open, open)
        }}
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
