import { useState, type ReactNode } from 'react'
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { Tabs } from 'radix-ui'
import type { ParseKeys } from '../../lib/i18n'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { FORM_KINDS, PAGE_SIZES, shopToday, type FormKind, type Paged } from '@tavlin/contracts'
import { submissionQueries, submissionsApi } from '../../api/submissions'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { tableClass, tableWrapClass, tdClass, thClass } from '../../components/ui/data-table'
import { PaginationControls } from '../../components/ui/pagination-controls'
import { Spinner } from '../../components/ui/spinner'
import { saveFile } from '../../lib/save-file'
import { formatShopDateTime } from '../../lib/shop-dates'
import { useApiErrorText } from '../../hooks/use-api-error-text'

type Row = { _id: string; createdAt: string }
type Column<T> = { labelKey: ParseKeys; cell: (row: T) => ReactNode; isLtr?: boolean }

type SubmissionTableProps<T extends Row> = {
  caption: string
  columns: readonly Column<T>[]
  data: Paged<T> | undefined
  isPending: boolean
  error: Error | null
  isPlaceholderData: boolean
  page: number
  onPageChange: (page: number) => void
}

function SubmissionTable<T extends Row>({
  caption,
  columns,
  data,
  isPending,
  error,
  isPlaceholderData,
  page,
  onPageChange,
}: SubmissionTableProps<T>) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  if (isPending) return <Spinner />
  if (error || !data) return <p role="alert">{t('admin.table.loadError', { message: errorText(error) })}</p>
  return (
    <>
      <div className={tableWrapClass}>
        <table className={tableClass}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                {t('admin.table.index')}
              </th>
              {columns.map((column) => (
                <th key={column.labelKey} scope="col" className={thClass}>
                  {t(column.labelKey)}
                </th>
              ))}
              <th scope="col" className={thClass}>
                {t('admin.submissions.columns.createdAt')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.length === 0 && (
              <tr>
                <td colSpan={columns.length + 2} className={`${tdClass} text-center text-muted`}>
                  {t('admin.submissions.empty')}
                </td>
              </tr>
            )}
            {data.items.map((row, index) => (
              <tr key={row._id}>
                <td className={tdClass}>{(data.currentPage - 1) * PAGE_SIZES.admin + index + 1}</td>
                {columns.map((column) => (
                  <td
                    key={column.labelKey}
                    className={`${tdClass} whitespace-pre-line`}
                    dir={column.isLtr ? 'ltr' : undefined}
                  >
                    {column.cell(row)}
                  </td>
                ))}
                <td className={tdClass}>{formatShopDateTime(row.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PaginationControls
        page={page}
        totalPages={data.totalPages}
        isPlaceholderData={isPlaceholderData}
        onPageChange={onPageChange}
      />
    </>
  )
}

function usePagedSubmissions<K extends keyof typeof submissionQueries>(kind: K) {
  const [page, setPage] = useState(1)
  const options = submissionQueries[kind]({ page, limit: PAGE_SIZES.admin })
  // The four factories differ only in their row type; the query itself is the same call.
  const query = useQuery({
    ...(options as ReturnType<(typeof submissionQueries)['newsletter']>),
    placeholderData: keepPreviousData,
  })
  return { page, setPage, query }
}

function tableProps<T extends Row>(paged: {
  page: number
  setPage: (page: number) => void
  query: ReturnType<typeof usePagedSubmissions>['query']
}) {
  return {
    data: paged.query.data as Paged<T> | undefined,
    isPending: paged.query.isPending,
    error: paged.query.error,
    isPlaceholderData: paged.query.isPlaceholderData,
    page: paged.page,
    onPageChange: paged.setPage,
  }
}

function NewsletterTab({ caption }: { caption: string }) {
  const paged = usePagedSubmissions('newsletter')
  return (
    <SubmissionTable<{ _id: string; createdAt: string; fullName: string; email: string; city: string }>
      caption={caption}
      columns={[
        { labelKey: 'admin.submissions.columns.fullName', cell: (row) => row.fullName },
        { labelKey: 'admin.submissions.columns.email', cell: (row) => row.email, isLtr: true },
        { labelKey: 'admin.submissions.columns.city', cell: (row) => row.city },
      ]}
      {...tableProps(paged)}
    />
  )
}

type EarlyAdopterRow = Row & {
  fullName: string
  email: string
  phone: string
  street: string
  city: string
  birthDate: string | null
}
function EarlyAdoptersTab({ caption }: { caption: string }) {
  const paged = usePagedSubmissions('earlyAdopters')
  return (
    <SubmissionTable<EarlyAdopterRow>
      caption={caption}
      columns={[
        { labelKey: 'admin.submissions.columns.fullName', cell: (row) => row.fullName },
        { labelKey: 'admin.submissions.columns.email', cell: (row) => row.email, isLtr: true },
        { labelKey: 'admin.submissions.columns.phone', cell: (row) => row.phone, isLtr: true },
        { labelKey: 'admin.submissions.columns.street', cell: (row) => row.street },
        { labelKey: 'admin.submissions.columns.city', cell: (row) => row.city },
        { labelKey: 'admin.submissions.columns.birthDate', cell: (row) => row.birthDate ?? '—', isLtr: true },
      ]}
      {...tableProps(paged)}
    />
  )
}

type EventRow = Row & {
  name: string
  email: string
  company: string | null
  eventDescription: string
  eventDate: string
}
function EventInquiriesTab({ caption }: { caption: string }) {
  const paged = usePagedSubmissions('eventInquiries')
  return (
    <SubmissionTable<EventRow>
      caption={caption}
      columns={[
        { labelKey: 'admin.submissions.columns.name', cell: (row) => row.name },
        { labelKey: 'admin.submissions.columns.email', cell: (row) => row.email, isLtr: true },
        { labelKey: 'admin.submissions.columns.company', cell: (row) => row.company ?? '—' },
        { labelKey: 'admin.submissions.columns.eventDate', cell: (row) => row.eventDate, isLtr: true },
        { labelKey: 'admin.submissions.columns.eventDescription', cell: (row) => row.eventDescription },
      ]}
      {...tableProps(paged)}
    />
  )
}

type ContactRow = Row & { name: string; email: string; phone: string; subject: string; message: string }
function ContactMessagesTab({ caption }: { caption: string }) {
  const paged = usePagedSubmissions('contactMessages')
  return (
    <SubmissionTable<ContactRow>
      caption={caption}
      columns={[
        { labelKey: 'admin.submissions.columns.name', cell: (row) => row.name },
        { labelKey: 'admin.submissions.columns.email', cell: (row) => row.email, isLtr: true },
        { labelKey: 'admin.submissions.columns.phone', cell: (row) => row.phone, isLtr: true },
        { labelKey: 'admin.submissions.columns.subject', cell: (row) => row.subject },
        { labelKey: 'admin.submissions.columns.message', cell: (row) => row.message },
      ]}
      {...tableProps(paged)}
    />
  )
}

const TABS: Record<FormKind, (props: { caption: string }) => ReactNode> = {
  newsletter: NewsletterTab,
  'early-adapter': EarlyAdoptersTab,
  'event-inquiry': EventInquiriesTab,
  contact: ContactMessagesTab,
}

function ExportButton({ kind }: { kind: FormKind }) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const exportCsv = useMutation({
    mutationFn: () => submissionsApi.exportCsv(kind),
    onSuccess: (blob) => saveFile(blob, `tavlin-${kind}-${shopToday()}.csv`),
    onError: (error) => toast.error(t('admin.submissions.exportError', { message: errorText(error) })),
  })
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      disabled={exportCsv.isPending}
      onClick={() => exportCsv.mutate()}
    >
      {exportCsv.isPending ? t('admin.submissions.exporting') : t('admin.submissions.export')}
    </button>
  )
}

/** What the visitor forms collected, newest first, one tab per form, each exportable as CSV. */
export function SubmissionsPanel() {
  const { t } = useTranslation()
  return (
    <Tabs.Root defaultValue="newsletter" className="flex flex-col gap-4">
      <Tabs.List aria-label={t('admin.submissions.tabs')} className="flex flex-wrap gap-2">
        {FORM_KINDS.map((kind) => (
          <Tabs.Trigger
            key={kind}
            value={kind}
            className="rounded-full border border-line px-4 py-2 font-medium data-[state=active]:bg-primary data-[state=active]:text-on-primary"
          >
            {t(`admin.submissions.kinds.${kind}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {FORM_KINDS.map((kind) => {
        const Tab = TABS[kind]
        return (
          <Tabs.Content key={kind} value={kind} className="flex flex-col gap-3">
            <div>
              <ExportButton kind={kind} />
            </div>
            <Tab caption={t(`admin.submissions.kinds.${kind}`)} />
          </Tabs.Content>
        )
      })}
    </Tabs.Root>
  )
}
