import { toast } from '../../lib/notify'

/** An error toast; toastId keeps one toast when React runs an effect twice (StrictMode). */
export function notifyError(message: string, toastId: string): void {
  toast.error(message, { toastId })
}
