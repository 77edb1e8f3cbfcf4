import { DropdownMenu } from 'radix-ui'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { UserIcon } from '../../components/ui/icons'
import { useDialogLayer } from '../../components/ui/native-dialog'
import { paths } from '../../config/paths'
import { accountButtonClass } from './account-button-class'

const itemClass =
  'flex min-h-11 cursor-pointer items-center rounded-xl px-3 text-start font-medium text-ink outline-none ' +
  'data-[highlighted]:bg-surface-2 focus-visible:outline-2 focus-visible:outline-focus'

type AccountMenuProps = {
  /** The ID token's claims. */
  claims: Record<string, unknown> | null
  onLogout: () => void
}

/** The ID token's first name for the header, else its name, else its e-mail. */
export function displayNameOf(claims: Record<string, unknown> | null): string {
  for (const claim of ['given_name', 'name', 'email']) {
    const value = claims?.[claim]
    if (typeof value === 'string' && value.trim()) return value.trim()
  }
  return ''
}

/**
 * The signed-in person's menu (issue 22): their first name, then "החשבון שלי", "ההזמנות
 * שלי" and sign-out. Loaded only once someone is signed in, so Radix's dropdown stays out
 * of the first load of `/` (decision 185); it imports nothing the first chunk has to share.
 */
export function AccountMenu({ claims, onLogout }: AccountMenuProps) {
  const { t } = useTranslation()
  const name = displayNameOf(claims) || t('account.menu.fallbackName')
  const layer = useDialogLayer()
  return (
    <DropdownMenu.Root dir="rtl" modal={false}>
      <DropdownMenu.Trigger className={accountButtonClass}>
        <UserIcon className="size-5" />
        {/* dir="auto": an e-mail (no name in the token) is cut at its end, not its start (issue 35's walk). */}
        <span dir="auto" className="max-w-32 truncate lg:max-w-48">
          {name}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={layer}>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-2xl border border-line bg-surface p-1.5 text-ink shadow-lg"
        >
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.account}>{t('account.menu.account')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.accountOrders}>{t('account.menu.orders')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemClass} onSelect={onLogout}>
            {t('account.menu.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
