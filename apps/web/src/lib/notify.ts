import { useSyncExternalStore } from 'react'
import type { ToastOptions } from 'react-toastify'

/**
 * Toasts without loading react-toastify for visitors who never see one: the library
 * (~10 KB gzip) is imported on the first toast, and the app mounts its container only
 * then (react-toastify queues toasts raised before a container exists).
 * Call sites use `toast.success(...)` / `toast.error(...)` as with react-toastify.
 */
type Kind = 'success' | 'error' | 'info' | 'warning'

let isHostRequested = false
const listeners = new Set<() => void>()

function show(kind: Kind, message: string, options?: ToastOptions): void {
  if (!isHostRequested) {
    isHostRequested = true
    for (const listener of listeners) listener()
  }
  void import('react-toastify').then(({ toast: library }) => library[kind](message, options))
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
}

/** True once any toast was raised: the providers then mount the toast container. */
export function useIsToastHostRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => isHostRequested,
    () => false,
  )
}
