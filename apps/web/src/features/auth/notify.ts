/**
 * An error toast, with react-toastify fetched on demand: the auth controls sit in
 * the first chunk, the toast library does not (the container is lazy too, app/providers).
 * toastId keeps one toast when React runs an effect twice (StrictMode).
 */
export function notifyError(message: string, toastId: string): void {
  void import('react-toastify').then(({ toast }) => toast.error(message, { toastId }))
}
