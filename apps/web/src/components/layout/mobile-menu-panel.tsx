import type { ReactNode, RefObject } from 'react'
import { Dialog } from 'radix-ui'
import { NavLink } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { CloseIcon } from '../ui/icons'
import { iconButtonClass } from '../ui/icon-button'
import { NAV_ITEMS } from './nav-items'

type MobileMenuPanelProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  controls: ReactNode
  returnFocusTo: RefObject<HTMLButtonElement | null>
}

/**
 * Radix Dialog gives the focus trap, Escape and scroll lock. The trigger lives
 * outside (in the first chunk), so focus is handed back to it by hand.
 */
export default function MobileMenuPanel({
  open,
  onOpenChange,
  controls,
  returnFocusTo,
}: MobileMenuPanelProps) {
  const { t } = useTranslation()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-fade-in motion-reduce:animate-none" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
          className="fixed inset-y-0 start-0 z-50 flex w-full flex-col overflow-y-auto bg-canvas px-5 pb-8 pt-4 text-ink shadow-2xl data-[state=open]:animate-panel-in motion-reduce:animate-none"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-xl font-bold">{t('header.menuTitle')}</Dialog.Title>
            <Dialog.Close className={iconButtonClass} aria-label={t('header.closeMenu')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('header.menuDescription')}</Dialog.Description>
          <nav aria-label={t('nav.label')} className="mt-6">
            <ul className="flex flex-col gap-1">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    // Closes even when the link points at the page already shown.
                    onClick={() => onOpenChange(false)}
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
          <div className="mt-8 flex flex-wrap items-center gap-2 border-t border-line pt-6">{controls}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
