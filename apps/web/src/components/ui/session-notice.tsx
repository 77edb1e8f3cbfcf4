import type { ReactNode } from 'react'
import { useState } from 'react'
import { CloseIcon } from './icons'

const TONES = {
  danger: 'border-red-700 bg-red-50 text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100',
  warning:
    'border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50',
} as const

const STORAGE_PREFIX = 'notice-dismissed:'

function isDismissed(id: string): boolean {
  try {
    return sessionStorage.getItem(STORAGE_PREFIX + id) !== null
  } catch {
    return false
  }
}

type SessionNoticeProps = {
  /** Names the notice in sessionStorage: dismissed, it stays away until the browser session ends. */
  id: string
  tone: keyof typeof TONES
  /** The one line that is always shown. */
  title: string
  /** The explanation, folded under the line. */
  details?: ReactNode
  /** A link beside the line. */
  action?: ReactNode
  dismissLabel: string
}

/**
 * A notice that takes one line on every page (issue 35: two full-width banners took about
 * 500 px of each admin page): the title, what to do, the rest folded away, and a close button
 * that hides it for this browser session — it comes back in the next one while still true.
 */
export function SessionNotice({ id, tone, title, details, action, dismissLabel }: SessionNoticeProps) {
  const [isHidden, setIsHidden] = useState(() => isDismissed(id))
  if (isHidden) return null
  const handleDismiss = () => {
    try {
      sessionStorage.setItem(STORAGE_PREFIX + id, '1')
    } catch {
      // Storage refused (private mode): hidden on this page only.
    }
    setIsHidden(true)
  }
  return (
    <div
      role="alert"
      className={`mb-3 flex items-start gap-2 rounded-lg border px-3 py-1 text-sm ${TONES[tone]}`}
    >
      <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3 py-1">
        {details ? (
          <details className="min-w-0">
            <summary className="cursor-pointer font-bold">{title}</summary>
            <div className="mt-1 pb-1">{details}</div>
          </details>
        ) : (
          <p className="font-bold">{title}</p>
        )}
        {action}
      </div>
      <button
        type="button"
        onClick={handleDismiss}
        aria-label={dismissLabel}
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-black/10 dark:hover:bg-white/10"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  )
}
