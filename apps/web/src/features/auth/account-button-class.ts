/** The header's account control: the sign-in button and the signed-in person's menu button alike. */
export const accountButtonClass =
  'inline-flex h-11 items-center gap-2 rounded-full border border-line px-4 font-medium text-ink transition-colors hover:bg-surface-2'
