/**
 * Shared look of the admin tables; each feature writes its own headers and cells. Inside
 * a box narrower than 40rem the rows stack as cards (`admin-table`, styles.css, decision 140).
 */
export const tableClass = 'admin-table w-full min-w-[40rem] border-collapse text-start text-sm'
export const tableWrapClass = 'admin-table-wrap overflow-x-auto rounded-2xl border border-line bg-surface'
export const thClass = 'border-b border-line bg-surface-2 px-3 py-2.5 text-start font-semibold'
export const tdClass = 'border-b border-line px-3 py-2 align-middle'
export const thumbClass = 'size-12 rounded-lg object-cover'
export const linkButtonClass =
  'rounded-lg px-2.5 py-1.5 font-semibold text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus'
export const dangerLinkButtonClass =
  'rounded-lg px-2.5 py-1.5 font-semibold text-red-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus dark:text-red-300'
export const selectClass =
  'rounded-xl border border-line bg-surface px-3 py-2.5 text-ink focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-focus'
