import { useMutation } from '@tanstack/react-query'
import { toast } from '../../lib/notify'
import { useTranslation } from '../../lib/i18n'
import { ADMIN_ORDER_SORTS, ORDER_STATUSES, type AdminOrderSort, type OrderStatus } from '@tavlin/contracts'
import { adminOrdersApi } from '../../api/admin-orders'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { selectClass } from '../../components/ui/data-table'
import { DateField } from '../../components/ui/date-field'
import { TextField } from '../../components/ui/form-field'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { saveFile } from '../../lib/save-file'
import { orderQuery, type OrderFilters } from './use-order-filters'

type Props = { filters: OrderFilters; update: (change: Partial<OrderFilters>) => void }

function Select<T extends string>(props: {
  id: string
  label: string
  value: T
  options: ReadonlyArray<{ value: T; label: string }>
  onChange: (value: T) => void
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={props.id} className="text-sm font-semibold">
        {props.label}
      </label>
      <select
        id={props.id}
        className={selectClass}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as T)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

function ExportButtons({ filters }: { filters: OrderFilters }) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const exportCsv = useMutation({
    mutationFn: (lines: boolean) => adminOrdersApi.exportCsv({ ...orderQuery(filters), lines }),
    onSuccess: (blob, lines) =>
      saveFile(blob, `tavlin-orders${lines ? '-lines' : ''}${filters.from ? `-${filters.from}` : ''}.csv`),
    onError: (error) => toast.error(t('admin.submissions.exportError', { message: errorText(error) })),
  })
  return (
    <div className="flex gap-2">
      {[false, true].map((lines) => (
        <button
          key={String(lines)}
          type="button"
          className={secondaryButtonClass}
          disabled={exportCsv.isPending}
          onClick={() => exportCsv.mutate(lines)}
        >
          {t(lines ? 'admin.orders.exportLines' : 'admin.orders.export')}
        </button>
      ))}
    </div>
  )
}

/** Status, free text, a day range and the order of the list; the export takes the same filters. */
export function OrderFiltersBar({ filters, update }: Props) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Select<OrderStatus | ''>
        id="admin-orders-status"
        label={t('admin.orders.statusFilter')}
        value={filters.status}
        options={[
          { value: '', label: t('admin.orders.allStatuses') },
          ...ORDER_STATUSES.map((value) => ({ value, label: t(`admin.orders.statuses.${value}`) })),
        ]}
        onChange={(status) => update({ status })}
      />
      <TextField
        className="min-w-56 flex-1"
        type="search"
        dir="auto"
        label={t('admin.orders.search')}
        value={filters.search}
        onChange={(event) => update({ search: event.target.value })}
      />
      <DateField label={t('admin.orders.from')} value={filters.from} onChange={(from) => update({ from })} />
      <DateField label={t('admin.orders.to')} value={filters.to} onChange={(to) => update({ to })} />
      <Select<AdminOrderSort>
        id="admin-orders-sort"
        label={t('admin.orders.sort')}
        value={filters.sort}
        options={ADMIN_ORDER_SORTS.map((value) => ({ value, label: t(`admin.orders.sorts.${value}`) }))}
        onChange={(sort) => update({ sort })}
      />
      {filters.late && (
        <button type="button" className={secondaryButtonClass} onClick={() => update({ late: false })}>
          {t('admin.orders.lateOnly')} ✕
        </button>
      )}
      <ExportButtons filters={filters} />
    </div>
  )
}
