import type { RefObject } from 'react'
import { createContext, useContext, useEffect, useState } from 'react'

type DialogCommand = 'show-modal' | 'close'

// Invoker commands (Chromium 135, Firefox 144, Safari 26.2): the browser opens and closes the
// dialog itself, so the button answers before the app has hydrated (decision 299).
const browserRunsCommands =
  typeof HTMLButtonElement !== 'undefined' && 'command' in HTMLButtonElement.prototype

/**
 * A button's props to open or close a server-rendered `<dialog>`: the command attributes, with
 * which the browser does it with no script (React 19's types do not list them yet; React passes
 * them through as written), and a click handler that does it where the browser does not (an
 * older browser, jsdom) and nothing where it does.
 */
export function commandButton(
  dialogId: string,
  command: DialogCommand,
): { commandfor: string; command: DialogCommand; onClick: () => void } {
  return {
    commandfor: dialogId,
    command,
    onClick: () => {
      const dialog = document.getElementById(dialogId)
      if (browserRunsCommands || !(dialog instanceof HTMLDialogElement)) return
      if (command === 'close') dialog.close()
      else if (!dialog.open) dialog.showModal()
    },
  }
}

/**
 * Whether the dialog is open, followed through its `open` attribute, which the browser sets
 * and removes whoever opened or closed it: a command, Escape, a tap outside, or a tap made
 * before the app hydrated (then it is already open when this first runs).
 */
export function useDialogOpen(ref: RefObject<HTMLDialogElement | null>): boolean {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const follow = () => setOpen(dialog.open)
    follow()
    const observer = new MutationObserver(follow)
    observer.observe(dialog, { attributes: true, attributeFilter: ['open'] })
    return () => observer.disconnect()
  }, [ref])
  return open
}

// `closedby="any"` (Chromium 134, Firefox 141): a tap outside the dialog closes it.
const browserClosesOnTapOutside =
  typeof HTMLDialogElement !== 'undefined' && 'closedBy' in HTMLDialogElement.prototype

/**
 * What `closedby="any"` does, for a browser that does not: a tap on the backdrop closes the
 * dialog (the backdrop's taps reach the dialog itself, outside its box). Escape is the keyboard's
 * way, and the browser's own.
 */
export function useTapOutsideCloses(ref: RefObject<HTMLDialogElement | null>): void {
  useEffect(() => {
    const dialog = ref.current
    if (browserClosesOnTapOutside || !dialog) return
    const closeOnBackdrop = (event: MouseEvent) => {
      if (event.target !== dialog) return
      const box = dialog.getBoundingClientRect()
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom
      if (!inside) dialog.close()
    }
    dialog.addEventListener('click', closeOnBackdrop)
    return () => dialog.removeEventListener('click', closeOnBackdrop)
  }, [ref])
}

/**
 * The open modal dialog a popup inside it (the account menu in the site menu) must portal into:
 * outside it the page is inert and beneath the dialog, so a popup portalled to the body could
 * not be tapped.
 */
export const DialogLayerContext = createContext<RefObject<HTMLDialogElement | null> | null>(null)

/** Where a popup portals: the dialog it was opened in, else the body (undefined). */
export function useDialogLayer(): HTMLElement | undefined {
  return useContext(DialogLayerContext)?.current ?? undefined
}
