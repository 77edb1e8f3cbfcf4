/** A round 44 px touch target for icon-only controls; the control supplies its own aria-label. */
export const iconButtonClass =
  'relative inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink transition-colors hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-60'
