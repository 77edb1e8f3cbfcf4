import { useState } from 'react'
import { AlertDialog } from 'radix-ui'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { accountQueries, useDeleteAccount } from '../../api/account'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { dangerButtonClass, secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { sectionClass, sectionTitleClass } from './account-format'

type DeleteSectionProps = {
  /** The account is gone: the caller signs out here and goes home. */
  onDeleted: () => void
}

/**
 * "מחיקת החשבון": after a confirmation that says the orders stay, with personal details masked,
 * and that orders not yet delivered keep their delivery details until they are (decision 254).
 */
export function DeleteSection({ onDeleted }: DeleteSectionProps) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const remove = useDeleteAccount()
  const profile = useQuery(accountQueries.profile())
  const [isOpen, setOpen] = useState(false)
  const openOrders = profile.data?.openOrders ?? 0

  const handleConfirm = () => {
    remove.mutate(undefined, {
      onSuccess: () => {
        setOpen(false)
        onDeleted()
      },
    })
  }

  return (
    <section id="delete-account" aria-labelledby="account-delete" className={sectionClass}>
      <h2 id="account-delete" className={sectionTitleClass}>
        {t('account.delete.title')}
      </h2>
      <p className="mb-4 text-muted">{t('account.delete.text')}</p>
      <AlertDialog.Root
        open={isOpen}
        onOpenChange={(open) => {
          if (remove.isPending) return
          // An order placed since the page loaded must be counted in the warning.
          if (open) void profile.refetch()
          setOpen(open)
        }}
      >
        <AlertDialog.Trigger className={dangerButtonClass}>{t('account.delete.button')}</AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <AlertDialog.Content className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[min(92vw,28rem)] -translate-y-1/2 rounded-2xl bg-canvas p-6 text-ink shadow-2xl">
            <AlertDialog.Title className="text-lg font-bold">
              {t('account.delete.confirmTitle')}
            </AlertDialog.Title>
            {/* One description, so the warning is read out with the question (decision 254). */}
            <AlertDialog.Description asChild>
              <div className="mt-2 grid gap-3">
                <p className="text-muted">{t('account.delete.confirmText')}</p>
                {openOrders > 0 && (
                  <p className="rounded-xl border border-saffron p-3 font-medium">
                    {t('account.delete.openOrders', { count: openOrders })}
                  </p>
                )}
              </div>
            </AlertDialog.Description>
            {remove.isError && (
              <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
                {errorText(remove.error)}
              </p>
            )}
            <div className="mt-6 flex justify-end gap-3">
              <AlertDialog.Cancel className={secondaryButtonClass} disabled={remove.isPending}>
                {t('account.delete.cancel')}
              </AlertDialog.Cancel>
              <button
                type="button"
                className={dangerButtonClass}
                disabled={remove.isPending}
                onClick={handleConfirm}
              >
                {t('account.delete.confirm')}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  )
}
