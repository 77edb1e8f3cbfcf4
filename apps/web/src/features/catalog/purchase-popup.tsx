import type { ComponentProps, ReactNode } from 'react'
import { Suspense, useEffect, useId, useRef, useState } from 'react'
import type { Product } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { isSoldOut } from '../../components/commerce/stock-count'
import { CloseIcon } from '../../components/ui/icons'
import { iconButtonClass } from '../../components/ui/icon-button'
import { commandButton, useDialogOpen, useTapOutsideCloses } from '../../components/ui/native-dialog'
import type { StockAlertForm as StockAlertFormType } from '../../components/commerce/stock-alert-form'
import { lazyLoaded } from '../../lib/lazy-loaded'
import { PurchaseForm } from './purchase-form'

// Loaded when a popup opens, not with the shop list: its schemas cost the list's start ~20 ms of
// module evaluation (decision 299). A product page has it already, for its own sold-out sizes.
const { Component: StockAlertForm } = lazyLoaded<ComponentProps<typeof StockAlertFormType>>(() =>
  import('../../components/commerce/stock-alert-form').then((module) => ({ default: module.StockAlertForm })),
)

type PurchasePopupButtonProps = {
  product: Product
  /** The size to choose first when it is for sale (a back-in-stock mail's link). */
  initialSize?: string | null | undefined
  /** A label naming the product, where the button's text does not (a card's size picker). */
  'aria-label'?: string
  className: string
  children: ReactNode
}

/**
 * Spec §4's product popup and the button that opens it: the product page's "לקנייה" and a
 * card's size picker. The popup is a native modal `<dialog>` in the server's page, opened by
 * the button's command, so the first tap opens it before the app has hydrated (decision 299).
 * The browser gives the inert page behind, Escape, a tap outside (`closedby`) and focus back.
 */
export function PurchasePopupButton({
  product,
  initialSize,
  className,
  children,
  ...label
}: PurchasePopupButtonProps) {
  const { t } = useTranslation()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const open = useDialogOpen(dialogRef)
  useTapOutsideCloses(dialogRef)
  const dialogId = useId()
  const titleId = useId()
  const descriptionId = useId()
  const close = () => dialogRef.current?.close()
  const opening = useOpeningCount(open)

  return (
    <>
      <button
        type="button"
        {...label}
        aria-haspopup="dialog"
        aria-controls={dialogId}
        aria-expanded={open}
        {...commandButton(dialogId, 'show-modal')}
        className={className}
      >
        {children}
      </button>
      <dialog
        ref={dialogRef}
        id={dialogId}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        closedby="any"
        // A tap before hydration may have opened it: the `open` the browser set is not React's.
        suppressHydrationWarning
        className="m-auto h-fit max-h-[90dvh] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-3xl border-0 bg-canvas p-6 text-start text-base font-normal text-ink shadow-2xl backdrop:bg-black/50 open:animate-fade-in motion-reduce:open:animate-none"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-extrabold">
            {t('catalog.purchase.title', { name: product.name })}
          </h2>
          <button
            type="button"
            aria-label={t('common.close')}
            {...commandButton(dialogId, 'close')}
            className={`${iconButtonClass} -me-2 -mt-2`}
          >
            <CloseIcon />
          </button>
        </div>
        <p id={descriptionId} className="mt-1 text-muted">
          {t('catalog.purchase.description')}
        </p>
        <PurchaseForm key={opening} product={product} initialSize={initialSize} onDone={close} />
        {/* Only while open: a product page shows the same form under its own buy button, and
            a popup opened before hydration shows it once the app runs, which it needs to send. */}
        {open && (
          <Suspense fallback={null}>
            <div className="mt-5">
              <StockAlertForm
                item={{ itemId: product._id, itemType: 'Product' }}
                name={product.name}
                sizes={product.pricing
                  .filter((option) => isSoldOut(option.stock))
                  .map((option) => option.size.sizeName)}
              />
            </div>
          </Suspense>
        )}
      </dialog>
    </>
  )
}

/**
 * A key for what the dialog holds, new once it has closed: each opening starts from the first
 * size and quantity 1. Not when the app finds it open (opened before hydration).
 */
function useOpeningCount(open: boolean): number {
  const [opening, setOpening] = useState(0)
  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !open) setOpening((count) => count + 1)
    wasOpen.current = open
  }, [open])
  return opening
}
