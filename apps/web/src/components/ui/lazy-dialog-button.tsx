import type { ComponentPropsWithoutRef, ReactNode, RefObject } from 'react'
import { Suspense, useRef, useState } from 'react'

/** What a dialog opened by LazyDialogButton is given: it is controlled, and hands focus back by hand. */
export type LazyDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Radix returns focus to its own Trigger only; this button is not one. */
  returnFocusTo: RefObject<HTMLButtonElement | null>
}

type LazyDialogButtonProps = Omit<
  ComponentPropsWithoutRef<'button'>,
  'type' | 'onClick' | 'onFocus' | 'onPointerEnter'
> & {
  /** The dialog module's import(): warmed when the visitor heads for the button. */
  load: () => Promise<unknown>
  /** The dialog, usually a React.lazy() over `load`; rendered from the first click on. */
  renderDialog: (props: LazyDialogProps) => ReactNode
}

/**
 * A button that opens a dialog whose code (Radix Dialog, a form, zod…) is fetched on the
 * first click, not with the page. The button is plain until then, so the page's first
 * load carries none of it.
 */
export function LazyDialogButton({ load, renderDialog, children, ...buttonProps }: LazyDialogButtonProps) {
  const buttonRef = useRef<HTMLButtonElement>(null)
  const [isOpen, setOpen] = useState(false)
  const [hasOpened, setHasOpened] = useState(false)
  // A failed warm-up is not an error yet: the click loads again and its Suspense shows the outcome.
  const warm = () => void load().catch(() => {})

  return (
    <>
      <button
        {...buttonProps}
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          // Opened once its code is in, so it renders at once rather than after a fallback that
          // React holds for up to 300 ms (decision 267); a failed load shows in its Suspense.
          const open = () => {
            setHasOpened(true)
            setOpen(true)
          }
          load().then(open, open)
        }}
      >
        {children}
      </button>
      {hasOpened && (
        <Suspense fallback={null}>
          {renderDialog({ open: isOpen, onOpenChange: setOpen, returnFocusTo: buttonRef })}
        </Suspense>
      )}
    </>
  )
}
