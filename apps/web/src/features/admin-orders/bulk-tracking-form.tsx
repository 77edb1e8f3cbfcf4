import { useState, type ChangeEvent, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { TrackingLineError } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { courierQueries, useSetManyTracking } from '../../api/tracking'
import { selectClass } from '../../components/ui/data-table'
import { FieldShell, TextAreaField, submitButtonClass } from '../../components/ui/form-field'
import { Ltr } from '../../components/ui/isolate'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { useErrorText } from '../../hooks/use-error-text'
import { fieldErrorsOf, isApiError } from '../../lib/api-error'
import { toast } from '../../lib/notify'

/** The refused lines of a 422 TRACKING_LIST_INVALID, or null for any other failure. */
function lineErrorsOf(error: unknown): TrackingLineError[] | null {
  if (!isApiError(error) || error.code !== 'TRACKING_LIST_INVALID' || !Array.isArray(error.details))
    return null
  return error.details as TrackingLineError[]
}

/**
 * The packing screen's bulk paste (issue 41): "order number,tracking number" lines, pasted or
 * read from a CSV file, for one courier. The server takes all of them or none, and names
 * each refused line; the owner fixes those and sends the list again.
 */
export function BulkTrackingForm() {
  const { t } = useTranslation()
  // The couriers are read once the owner opens the box, not with every look at the orders.
  const [isOpen, setOpen] = useState(false)
  return (
    <details
      className="rounded-2xl border border-line p-4"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-semibold">{t('tracking.bulk.title')}</summary>
      {isOpen && <BulkTrackingFields />}
    </details>
  )
}

function BulkTrackingFields() {
  const { t } = useTranslation()
  const apiErrorText = useApiErrorText()
  const errorText = useErrorText()
  const couriers = useQuery(courierQueries.list())
  const setMany = useSetManyTracking()
  const [courierId, setCourierId] = useState('')
  const [list, setList] = useState('')
  const [problems, setProblems] = useState<TrackingLineError[]>([])
  const [fieldError, setFieldError] = useState<string | undefined>()

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (file) void file.text().then(setList)
  }
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    setProblems([])
    setFieldError(undefined)
    if (!courierId) return setFieldError('tracking.errors.courierRequired')
    if (list.trim() === '') return setFieldError('tracking.errors.listEmpty')
    setMany.mutate(
      { courierId, trackingList: list },
      {
        onSuccess: (result) => {
          toast.success(t('tracking.bulk.done', { count: result.updated.length }))
          setList('')
        },
        onError: (error) => {
          const lines = lineErrorsOf(error)
          if (lines) setProblems(lines)
          setFieldError(fieldErrorsOf(error)[0]?.message)
          toast.error(apiErrorText(error))
        },
      },
    )
  }
  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-busy={setMany.isPending}
      className="mt-3 flex flex-col gap-3"
    >
      <FieldShell label={t('tracking.courier')}>
        {(control) => (
          <select
            {...control}
            className={`${selectClass} self-start`}
            value={courierId}
            onChange={(event) => setCourierId(event.target.value)}
          >
            <option value="">{t('tracking.admin.chooseCourier')}</option>
            {couriers.data?.map((courier) => (
              <option key={courier._id} value={courier._id}>
                {courier.name}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <TextAreaField
        label={t('tracking.bulk.list')}
        hint={t('tracking.bulk.hint')}
        dir="ltr"
        value={list}
        error={errorText(fieldError)}
        onChange={(event) => setList(event.target.value)}
      />
      <FieldShell label={t('tracking.bulk.file')}>
        {(control) => (
          <input {...control} type="file" accept=".csv,text/csv,text/plain" onChange={handleFile} />
        )}
      </FieldShell>
      <button type="submit" className={`${submitButtonClass} self-start`} disabled={setMany.isPending}>
        {t('tracking.bulk.submit')}
      </button>
      {problems.length > 0 && <LineProblems problems={problems} />}
    </form>
  )
}

function LineProblems({ problems }: { problems: TrackingLineError[] }) {
  const { t } = useTranslation()
  return (
    <div role="alert" className="text-red-700 dark:text-red-300">
      <p className="font-semibold">{t('tracking.bulk.problemsTitle')}</p>
      <ul className="list-disc ps-5">
        {problems.map((problem) => (
          <li key={`${problem.line}-${problem.problem}`}>
            {problem.line > 0 ? t('tracking.bulk.line', { line: problem.line }) : null}
            {t(`tracking.bulk.problems.${problem.problem}`)}
            {problem.text && (
              <>
                {' '}
                (<Ltr>{problem.text}</Ltr>)
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
