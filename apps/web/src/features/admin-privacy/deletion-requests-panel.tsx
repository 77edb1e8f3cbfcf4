import { useState } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { shopToday, type DeletionRequest } from '@tavlin/contracts'
import { privacyApi, privacyQueries, useErasePersonalData } from '../../api/privacy'
import { ConfirmDialog, secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { PageSpinner } from '../../components/ui/spinner'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { toast } from '../../lib/notify'
import { saveFile } from '../../lib/save-file'
import { formatShopDate } from '../../lib/shop-dates'

const cell = 'border-b border-line px-3 py-2 text-start align-top'

/** Deletion requests from the privacy page, their erasure, and the consent export (issue 18). */
export function DeletionRequestsPanel() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const { data } = useQuery(privacyQueries.requests({ page: 1 }))
  const erase = useErasePersonalData()
  const [target, setTarget] = useState<DeletionRequest | null>(null)
  const exportCsv = useMutation({
    mutationFn: privacyApi.exportConsents,
    onSuccess: (blob) => saveFile(blob, `tavlin-marketing-consents-${shopToday()}.csv`),
    onError: (error) => toast.error(errorText(error)),
  })
  if (!data) return <PageSpinner />
  return (
    <div className="flex flex-col gap-4">
      <button
        type="button"
        className={`${secondaryButtonClass} self-start`}
        disabled={exportCsv.isPending}
        onClick={() => exportCsv.mutate()}
      >
        {t('privacyAdmin.exportConsents')}
      </button>
      <h3 className="text-lg font-bold">{t('privacyAdmin.requestsTitle')}</h3>
      {data.items.length === 0 ? (
        <p>{t('privacyAdmin.empty')}</p>
      ) : (
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr>
              <th className={cell}>{t('privacyAdmin.email')}</th>
              <th className={cell}>{t('privacyAdmin.message')}</th>
              <th className={cell}>{t('privacyAdmin.received')}</th>
              <th className={cell}>{t('privacyAdmin.status')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((request) => (
              <RequestRow key={request._id} request={request} onErase={() => setTarget(request)} />
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        isOpen={target !== null}
        itemName={target?.email ?? ''}
        isRunning={erase.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={async () => {
          if (!target) return
          try {
            const result = await erase.mutateAsync(target._id)
            toast.success(
              t('privacyAdmin.done', { submissions: result.submissionsErased, orders: result.ordersMasked }),
            )
            setTarget(null)
          } catch (error) {
            toast.error(errorText(error))
          }
        }}
      />
    </div>
  )
}

/** One request: when it was sent and confirmed, and the erase button only when confirmed. */
function RequestRow({ request, onErase }: { request: DeletionRequest; onErase: () => void }) {
  const { t } = useTranslation()
  return (
    <tr>
      <td className={cell} dir="ltr">
        {request.email}
      </td>
      <td className={cell}>{request.message}</td>
      <td className={cell}>
        {formatShopDate(request.requestedAt ?? request.createdAt)}
        {request.confirmedAt && (
          <span className="block text-muted">
            {t('privacyAdmin.confirmed', { date: formatShopDate(request.confirmedAt) })}
          </span>
        )}
      </td>
      <td className={cell}>
        {request.erasedAt ? (
          t('privacyAdmin.erased')
        ) : !request.confirmedAt ? (
          // From before confirmations (decision 237): anyone could have typed the address.
          <span className="text-muted">{t('privacyAdmin.unconfirmed')}</span>
        ) : (
          <button type="button" className={secondaryButtonClass} onClick={onErase}>
            {t('privacyAdmin.erase')}
          </button>
        )}
      </td>
    </tr>
  )
}
