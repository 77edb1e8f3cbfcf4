import type { ReactNode } from 'react'
import { useEffect, useId, useRef } from 'react'
import { NavLink, useLocation } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { CloseIcon, MenuIcon } from '../ui/icons'
import { iconButtonClass } from '../ui/icon-button'
import { DialogLayerContext, commandButton, useDialogOpen } from '../ui/native-dialog'
import { NAV_ITEMS } from './nav-items'

const MENU_ID = 'site-menu'

type MobileMenuProps = {
  onOpenChange: (open: boolean) => void
  /** Admin link, theme toggle and account control, composed by the header's caller. */
  controls: ReactNode
}

/**
 * Hamburger button plus the full-width slide-over for small screens. The panel is a native
 * modal `<dialog>` in the server's page, opened by the button's command: it opens on the first
 * tap, before the app has hydrated (decision 299). The browser gives the focus trap (the rest
 * of the page is inert), Escape, and focus back to the button.
 */
export function MobileMenu({ onOpenChange, controls }: MobileMenuProps) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const open = useDialogOpen(dialogRef)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => onOpenChange(open), [open, onOpenChange])
  // Any navigation closes the menu, including back/forward while it is open; not the first
  // render, which may find it opened by a tap before hydration.
  const shownPath = useRef(pathname)
  useEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    dialogRef.current?.close()
  }, [pathname])
  const close = () => dialogRef.current?.close()

  return (
    <>
      <button
        type="button"
        aria-label={t('header.openMenu')}
        aria-haspopup="dialog"
        aria-controls={MENU_ID}
        aria-expanded={open}
        {...commandButton(MENU_ID, 'show-modal')}
        className={`${iconButtonClass} lg:hidden`}
      >
        <MenuIcon />
      </button>
      <dialog
        ref={dialogRef}
        id={MENU_ID}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        // A tap before hydration may have opened it: the `open` the browser set is not React's.
        suppressHydrationWarning
        className="m-0 h-dvh max-h-none w-full max-w-none flex-col overflow-y-auto border-0 bg-canvas px-5 pb-8 pt-4 text-ink shadow-2xl backdrop:bg-black/40 open:flex open:animate-panel-in motion-reduce:open:animate-none"
      >
        <div className="flex items-center justify-between">
          <h2 id={titleId} className="text-xl font-bold">
            {t('header.menuTitle')}
          </h2>
          <button
            type="button"
            aria-label={t('header.closeMenu')}
            {...commandButton(MENU_ID, 'close')}
            className={iconButtonClass}
          >
            <CloseIcon />
          </button>
        </div>
        <p id={descriptionId} className="sr-only">
          {t('header.menuDescription')}
        </p>
        <MenuLinks onChoose={close} />
        {/* Only while open: the same controls sit in the header on a wide screen, and two of
            each in the page would be two account menus. A menu opened before hydration shows
            them once the app runs; they need it anyway. */}
        {open && (
          <div className="mt-8 flex flex-wrap items-center gap-2 border-t border-line pt-6">
            <DialogLayerContext value={dialogRef}>{controls}</DialogLayerContext>
          </div>
        )}
      </dialog>
    </>
  )
}

/** The top navigation's links, each closing the menu, even one to the page already shown. */
function MenuLinks({ onChoose }: { onChoose: () => void }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('nav.label')} className="mt-6">
      <ul className="flex flex-col gap-1">
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              onClick={onChoose}
              className={({ isActive }) =>
                `block rounded-xl px-4 py-3 text-lg font-medium transition-colors ${
                  isActive ? 'bg-primary text-on-primary' : 'hover:bg-surface-2'
                }`
              }
            >
              {t(item.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
