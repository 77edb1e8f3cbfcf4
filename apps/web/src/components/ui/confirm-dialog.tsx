import { useCallback, useState } from 'react'
import { AlertDialog } from 'radix-ui'
import { useTranslation } from '../../lib/i18n'

export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-line bg-surface px-5 py-2 font-semibold text-ink ' +
  'transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus ' +
  'disabled:cursor-not-allowed disabled:opacity-60'

export const dangerButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-red-700 px-5 py-2 font-semibold text-white ' +
  'transition-colors hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus ' +
  'disabled:cursor-not-allowed disabled:opacity-60'

/** What the dialog says instead of "delete {name}?": a refund names its amount (issue 35). */
export type ConfirmationTexts = { title: string; description: string; confirm: string }

type PendingConfirmation = {
  itemName: string
  action: () => Promise<unknown> | void
  texts?: ConfirmationTexts
}

/**
 * The spec's confirmation modal state (§3): an open flag and the action to run.
 * Confirm runs the stored action, then closes; cancel closes and forgets it.
 */
export function useConfirmation() {
  const [pending, setPending] = useState<PendingConfirmation | null>(null)
  const [isRunning, setIsRunning] = useState(false)

  const request = useCallback(
    (itemName: string, action: PendingConfirmation['action'], texts?: ConfirmationTexts) => {
      setPending({ itemName, action, texts })
    },
    [],
  )

  const cancel = useCallback(() => setPending(null), [])

  const confirm = useCallback(async () => {
    if (!pending) return
    setIsRunning(true)
    try {
      await pending.action()
    } finally {
      setIsRunning(false)
      setPending(null)
    }
  }, [pending])

  return {
    request,
    dialogProps: {
      isOpen: pending !== null,
      itemName: pending?.itemName ?? '',
      texts: pending?.texts,
      isRunning,
      onConfirm: confirm,
      onCancel: cancel,
    },
  }
}

type ConfirmDialogProps = Omit<ReturnType<typeof useConfirmation>['dialogProps'], 'texts'> & {
  texts?: ConfirmationTexts | undefined
}

/** An alert dialog: focus starts on cancel, Escape cancels, focus returns to the button that opened it. */
export function ConfirmDialog({
  isOpen,
  itemName,
  texts,
  isRunning,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation()
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={(open) => !open && !isRunning && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[min(92vw,28rem)] -translate-y-1/2 rounded-2xl bg-canvas p-6 text-ink shadow-2xl">
          <AlertDialog.Title className="text-lg font-bold">
            {texts?.title ?? t('admin.confirm.title')}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            {texts?.description ?? t('admin.confirm.description', { name: itemName })}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={secondaryButtonClass} disabled={isRunning}>
              {t('admin.confirm.cancel')}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={dangerButtonClass}
              disabled={isRunning}
              // Not AlertDialog.Action: that would close before the action has finished.
              onClick={() => void onConfirm()}
            >
              {texts?.confirm ?? t('admin.confirm.confirm')}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
