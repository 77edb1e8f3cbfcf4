import { useRef, useTransition } from 'react'
import { useQueries } from '@tanstack/react-query'
import { Dialog } from 'radix-ui'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import type { CartItemSummary } from '../../api/cart-items'
import { StockFlag } from '../../components/commerce/stock-flag'
import { packageQueries } from '../../api/packages'
import { productQueries } from '../../api/products'
import { CatalogImage } from '../../components/commerce/catalog-image'
import { Price } from '../../components/commerce/price'
import { CloseIcon } from '../../components/ui/icons'
import { iconButtonClass } from '../../components/ui/icon-button'
import { paths } from '../../config/paths'
import { lineTotal, selectSubtotal, useCartStore, type CartLine } from '../../stores/cart-store'
import { useCartUiStore } from '../../stores/cart-ui-store'

export type RowState =
  { status: 'loading' } | { status: 'error' } | { status: 'loaded'; item: CartItemSummary }

const detailKey = (line: Pick<CartLine, 'itemId' | 'itemType'>) => `${line.itemType}:${line.itemId}`

/**
 * One request per distinct item: two sizes of the same spice share their details.
 * Returns each line's row state.
 */
function useCartDetails(lines: CartLine[]) {
  const distinct = [...new Map(lines.map((line) => [detailKey(line), line])).values()]
  const results = useQueries({
    queries: distinct.map((line) =>
      line.itemType === 'Product'
        ? productQueries.cartDetail(line.itemId)
        : packageQueries.cartDetail(line.itemId),
    ),
  })
  const byKey = new Map<string, RowState>()
  distinct.forEach((line, index) => {
    const result = results[index]
    byKey.set(
      detailKey(line),
      result?.data
        ? { status: 'loaded', item: result.data }
        : result?.isError
          ? { status: 'error' }
          : { status: 'loading' },
    )
  })
  return (line: CartLine): RowState => byKey.get(detailKey(line)) ?? { status: 'loading' }
}

/** Spec §2 cart drawer; slides in from the inline-start edge — the right, in Hebrew. */
export function CartDrawer() {
  const { t } = useTranslation()
  const isOpen = useCartUiStore((state) => state.isOpen)
  const close = useCartUiStore((state) => state.close)
  const lines = useCartStore((state) => state.lines)
  const rowState = useCartDetails(lines)
  const hasErrors = lines.some((line) => rowState(line).status === 'error')
  const opener = useRef<HTMLElement | null>(null)

  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out motion-reduce:animate-none" />
        <Dialog.Content
          // Opened through the store, not a Radix trigger: focus goes back to whatever opened it.
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return
            event.preventDefault()
            opener.current.focus()
          }}
          className="fixed inset-y-0 start-0 z-50 flex w-full max-w-md flex-col bg-canvas text-ink shadow-2xl data-[state=open]:animate-panel-in data-[state=closed]:animate-panel-out motion-reduce:animate-none"
        >
          <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-4">
            <Dialog.Title className="text-2xl font-extrabold">{t('cart.title')}</Dialog.Title>
            <Dialog.Close className={`${iconButtonClass} -me-2`} aria-label={t('cart.close')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('cart.description')}</Dialog.Description>

          {hasErrors && (
            <div role="alert" className="mx-5 mt-4 rounded-xl bg-surface-2 p-3">
              <p className="font-bold">{t('cart.errorLoadingItems')}</p>
              <p className="text-sm text-muted">{t('errors.genericError')}</p>
            </div>
          )}

          <div className="flex-1 overflow-y-auto px-5">
            <CartLines lines={lines} rowState={rowState} onNavigate={close} />
          </div>
          <CartFooter isEmpty={lines.length === 0} onClose={close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

type CartLinesProps = { lines: CartLine[]; rowState: (line: CartLine) => RowState; onNavigate: () => void }

function CartLines({ lines, rowState, onNavigate }: CartLinesProps) {
  const { t } = useTranslation()
  if (lines.length === 0) return <p className="py-10 text-center text-muted">{t('cart.empty')}</p>
  return (
    // Spec §2/§9: the list scrolls once it is taller than 500 px.
    <ul className="max-h-[500px] divide-y divide-line overflow-y-auto py-2" aria-label={t('cart.title')}>
      {lines.map((line) => (
        <li key={`${line.itemId}:${line.size}`}>
          <CartRow line={line} state={rowState(line)} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  )
}

/** The subtotal, the way to the checkout and back to the shop. */
function CartFooter({ isEmpty, onClose }: { isEmpty: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const subtotal = useCartStore(selectSubtotal)
  const navigate = useNavigate()
  // The router's navigations are transitions: pending until the checkout page has loaded.
  const [isNavigating, startNavigation] = useTransition()
  const handleCheckout = () => {
    onClose()
    startNavigation(() => navigate(paths.checkout))
  }
  return (
    <div className="border-t border-line px-5 py-4">
      <p className="flex items-center justify-between text-lg font-bold">
        <span>{t('cart.subtotal')}</span>
        <Price amount={subtotal} />
      </p>
      <p className="mt-1 text-sm text-muted">{t('cart.shippingNote')}</p>
      <button
        type="button"
        onClick={handleCheckout}
        disabled={isEmpty || isNavigating}
        className="mt-4 w-full rounded-full bg-primary px-6 py-3 font-bold text-on-primary transition-colors hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-50"
      >
        {t('cart.checkout')}
      </button>
      <Link
        to={paths.products}
        onClick={onClose}
        className="mt-3 block text-center font-semibold text-primary underline-offset-4 hover:underline"
      >
        {t('cart.continueShopping')}
      </Link>
    </div>
  )
}

type CartRowProps = { line: CartLine; state: RowState; onNavigate: () => void }

export function CartRow({ line, state, onNavigate }: CartRowProps) {
  const { t } = useTranslation()
  if (state.status === 'loading') {
    return (
      <div role="status" aria-label={t('cart.loadingItem')} className="flex gap-3 py-4">
        <div className="size-16 shrink-0 animate-pulse rounded-lg bg-surface-2 motion-reduce:animate-none" />
        <div className="flex flex-1 flex-col gap-2">
          <div className="h-4 w-2/3 animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
          <div className="h-4 w-1/3 animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
        </div>
      </div>
    )
  }
  if (state.status === 'error') return <MissingItemRow line={line} />
  return <ItemRow line={line} item={state.item} onNavigate={onNavigate} />
}

/** "גודל: 100 גרם" for a product; a package has no size, so it is just "מארז" (issue 35). */
function useSizeLabel(line: CartLine) {
  const { t } = useTranslation()
  return line.itemType === 'Product' ? t('cart.size', { size: line.size }) : t('cart.packageSize')
}

/** An item the shop no longer has: what was in the cart, and a way to drop it. */
function MissingItemRow({ line }: { line: CartLine }) {
  const { t } = useTranslation()
  const remove = useCartStore((store) => store.remove)
  const sizeLabel = useSizeLabel(line)
  return (
    <div className="flex items-start justify-between gap-3 py-4">
      <div className="text-sm">
        <p className="font-bold text-badge">{t('cart.itemNotFound')}</p>
        <p className="text-muted">
          <Price amount={line.price} /> · {sizeLabel} · {t('cart.quantityValue', { count: line.quantity })}
        </p>
      </div>
      <button
        type="button"
        onClick={() => remove(line.itemId, line.size)}
        className="shrink-0 text-sm font-semibold text-primary underline-offset-4 hover:underline"
      >
        {t('cart.removeUnknown')}
      </button>
    </div>
  )
}

type ItemRowProps = { line: CartLine; item: CartItemSummary; onNavigate: () => void }

function ItemRow({ line, item, onNavigate }: ItemRowProps) {
  const { t } = useTranslation()
  const remove = useCartStore((store) => store.remove)
  const sizeLabel = useSizeLabel(line)
  const to = line.itemType === 'Product' ? paths.product(line.itemId) : paths.package(line.itemId)
  return (
    <div className="flex gap-3 py-4">
      <CatalogImage
        src={item.image}
        alt=""
        sizes="64px"
        width={64}
        height={64}
        className="size-16 shrink-0 rounded-lg"
      />
      <div className="flex flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <Link to={to} onClick={onNavigate} className="font-bold hover:text-primary">
            {item.name}
          </Link>
          <button
            type="button"
            onClick={() => remove(line.itemId, line.size)}
            aria-label={t('cart.remove', { name: item.name })}
            className={`${iconButtonClass} -mt-2 -me-2 size-9`}
          >
            <CloseIcon width={18} height={18} />
          </button>
        </div>
        <p className="text-sm text-muted">{sizeLabel}</p>
        <StockFlag item={item} line={line} />
        <div className="flex items-center justify-between gap-2">
          <QuantityStepper line={line} name={item.name} />
          {/* The line's total leads; the unit price is the small print, as on the checkout. */}
          <div className="flex flex-col items-end text-end">
            <Price amount={lineTotal(line)} className="font-semibold" />
            <bdi dir="ltr" className="text-xs whitespace-nowrap text-muted">
              {line.quantity} × <Price amount={line.price} />
            </bdi>
          </div>
        </div>
      </div>
    </div>
  )
}

function QuantityStepper({ line, name }: { line: CartLine; name: string }) {
  const { t } = useTranslation()
  const setQuantity = useCartStore((store) => store.setQuantity)
  return (
    <div
      role="group"
      aria-label={t('cart.quantity')}
      className="flex items-center rounded-full border border-line"
    >
      <button
        type="button"
        onClick={() => setQuantity(line.itemId, line.size, line.quantity - 1)}
        aria-label={t('cart.decrease', { name })}
        className="size-9 rounded-full text-lg font-bold hover:bg-surface-2"
      >
        −
      </button>
      <span className="min-w-8 text-center tabular-nums" aria-live="polite">
        {line.quantity}
      </span>
      <button
        type="button"
        onClick={() => setQuantity(line.itemId, line.size, line.quantity + 1)}
        aria-label={t('cart.increase', { name })}
        className="size-9 rounded-full text-lg font-bold hover:bg-surface-2"
      >
        +
      </button>
    </div>
  )
}
