import type { ReactNode } from 'react'
import { useState } from 'react'
import { Dialog } from 'radix-ui'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { CloseIcon, MenuIcon } from '../ui/icons'
import { iconButtonClass } from '../ui/icon-button'

export type AdminMenuItem = {
  key: string
  label: string
  /** The address of the item, e.g. `?section=orders`. */
  to: string
  isActive: boolean
}

type AdminShellProps = {
  title: string
  items: readonly AdminMenuItem[]
  children: ReactNode
}

function MenuLinks({ items, onNavigate }: { items: readonly AdminMenuItem[]; onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => (
        <li key={item.key}>
          <Link
            to={item.to}
            aria-current={item.isActive ? 'page' : undefined}
            onClick={onNavigate}
            className={`block rounded-xl px-4 py-2.5 font-medium transition-colors ${
              item.isActive ? 'bg-primary text-on-primary' : 'hover:bg-surface-2'
            }`}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** The admin layout: a side menu on wide screens, a drawer on small ones (spec §2). */
export function AdminShell({ title, items, children }: AdminShellProps) {
  const { t } = useTranslation()
  const [isDrawerOpen, setIsDrawerOpen] = useState(false)
  return (
    <div className="mx-auto flex max-w-7xl gap-6 px-4 py-6 md:px-6">
      <aside className="hidden w-56 shrink-0 lg:block">
        <nav aria-label={t('admin.menu.label')} className="sticky top-24">
          <MenuLinks items={items} />
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <div className="mb-4 flex items-center gap-3">
          <Dialog.Root open={isDrawerOpen} onOpenChange={setIsDrawerOpen}>
            <Dialog.Trigger className={`${iconButtonClass} lg:hidden`} aria-label={t('admin.menu.open')}>
              <MenuIcon />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
              <Dialog.Content className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-full flex-col gap-4 overflow-y-auto bg-canvas p-5 text-ink shadow-2xl">
                <div className="flex items-center justify-between">
                  <Dialog.Title className="text-lg font-bold">{t('admin.menu.label')}</Dialog.Title>
                  <Dialog.Close className={iconButtonClass} aria-label={t('admin.menu.close')}>
                    <CloseIcon />
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">{t('admin.menu.description')}</Dialog.Description>
                <nav aria-label={t('admin.menu.label')}>
                  <MenuLinks items={items} onNavigate={() => setIsDrawerOpen(false)} />
                </nav>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <h1 className="text-2xl font-extrabold md:text-3xl">{title}</h1>
        </div>
        {children}
      </div>
    </div>
  )
}
