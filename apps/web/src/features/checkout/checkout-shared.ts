/** What the checkout's pages share, apart from the form (which loads on its own). */

export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full border border-line px-5 py-2.5 font-semibold text-ink ' +
  'transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus ' +
  'disabled:cursor-not-allowed disabled:opacity-60'

/** Navigation state the pending page reads: the payment tab could not be opened for the visitor. */
export type PaymentPendingState = { isPopupBlocked?: boolean }
