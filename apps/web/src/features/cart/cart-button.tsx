import { useTranslation } from '../../lib/i18n'
import { iconButtonClass } from '../../components/ui/icon-button'
import { BasketIcon } from '../../components/ui/icons'
import { selectTotalItems, useCartStore } from '../../stores/cart-store'
import { useCartUiStore } from '../../stores/cart-ui-store'
import { loadCartDrawer } from './cart-drawer-host'

// Spec §9: the badge caps at 99+.
const BADGE_CAP = 99

export function formatBadgeCount(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count)
}

/** Opens the cart drawer; the red badge shows the total quantity and hides at zero. */
export function CartButton() {
  const { t } = useTranslation()
  const totalItems = useCartStore(selectTotalItems)
  const open = useCartUiStore((state) => state.open)
  return (
    <button
      type="button"
      // Opened once the drawer's code is in: it renders at once (lib/lazy-loaded, decision 290).
      onClick={() => {
        loadCartDrawer().then(open, open)
      }}
      onPointerEnter={loadCartDrawer}
      onFocus={loadCartDrawer}
      aria-label={t('header.cartWithCount', { count: totalItems })}
      aria-haspopup="dialog"
      className={iconButtonClass}
    >
      <BasketIcon />
      {totalItems > 0 && (
        // Left to right: in the page's RTL the "+" of "99+" would otherwise jump to the front.
        <span
          aria-hidden="true"
          dir="ltr"
          className="absolute -top-0.5 -end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-badge px-1 text-[0.7rem] font-bold leading-none text-white ring-2 ring-canvas"
        >
          {formatBadgeCount(totalItems)}
        </span>
      )}
    </button>
  )
}
