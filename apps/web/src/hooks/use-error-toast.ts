import { useEffect } from 'react'
import { toast } from '../lib/notify'

/**
 * Spec §8: a failed list raises a toast. The server's message is English (DESIGN §5:
 * the visitor reads Hebrew), so the translated fallback is shown; the id keeps it to
 * one toast per failure rather than one per render.
 */
export function useErrorToast(error: unknown, message: string, toastId: string) {
  useEffect(() => {
    if (error) toast.error(message, { toastId })
  }, [error, message, toastId])
}
