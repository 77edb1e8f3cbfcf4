import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { formatShekels, type DeliveryMethod } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { configQueries } from '../../api/config'
import { deliveryQueries, useDeleteDeliveryMethod } from '../../api/delivery'
import {
  dangerLinkButtonClass,
  linkButtonClass,
  tableClass,
  tableWrapClass,
  tdClass,
  thClass,
} from '../../components/ui/data-table'
import { submitButtonClass } from '../../components/ui/form-field'
import { ConfirmDialog, useConfirmation } from '../../components/ui/confirm-dialog'
import { Spinner } from '../../components/ui/spinner'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { toast } from '../../lib/notify'
import { DeliveryMethodForm } from './delivery-method-form'
import { ExcludedCitiesForm } from './excluded-cities-form'
import { CouriersSection } from './couriers-section'

const COLUMNS = ['name', 'kind', 'zones', 'freeAbove', 'days', 'active', 'actions'] as const

/** The admin's delivery methods (issue 19): the list, the form, and the cities without delivery. */
export function DeliveryPanel() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const list = useQuery(deliveryQueries.admin())
  const config = useQuery(configQueries.public())
  const remove = useDeleteDeliveryMethod()
  const { request, dialogProps } = useConfirmation()
  const [editing, setEditing] = useState<DeliveryMethod | 'new' | null>(null)
  if (editing)
    return <DeliveryMethodForm method={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
  const handleDelete = (method: DeliveryMethod) =>
    request(method.name, () =>
      remove
        .mutateAsync(method._id)
        .then(() => toast.success(t('admin.delivery.deleted', { name: method.name })))
        .catch((error: unknown) => toast.error(t('admin.form.saveError', { message: errorText(error) }))),
    )
  return (
    <div className="flex flex-col gap-4">
      {config.data && (
        <p className="text-muted">
          {t('admin.delivery.flatFeeNote', { fee: formatShekels(config.data.shippingFee) })}
        </p>
      )}
      <button type="button" onClick={() => setEditing('new')} className={`${submitButtonClass} self-start`}>
        {t('admin.delivery.add')}
      </button>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{t('admin.delivery.loadError', { message: errorText(list.error) })}</p>
      ) : (
        <>
          {list.data.methods.length === 0 ? (
            <p className="text-muted">{t('admin.delivery.empty')}</p>
          ) : (
            <MethodsTable methods={list.data.methods} onEdit={setEditing} onDelete={handleDelete} />
          )}
          <ExcludedCitiesForm key={list.data.excludedCities.join('|')} initial={list.data.excludedCities} />
        </>
      )}
      <CouriersSection />
      <ConfirmDialog {...dialogProps} />
    </div>
  )
}

type MethodsTableProps = {
  methods: DeliveryMethod[]
  onEdit: (method: DeliveryMethod) => void
  onDelete: (method: DeliveryMethod) => void
}

function MethodsTable({ methods, onEdit, onDelete }: MethodsTableProps) {
  const { t } = useTranslation()
  return (
    <div className={tableWrapClass}>
      <table className={tableClass}>
        <caption className="sr-only">{t('admin.sectionTitles.delivery')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={thClass}>
                {t(`admin.delivery.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {methods.map((method) => (
            <MethodRow
              key={method._id}
              method={method}
              onEdit={() => onEdit(method)}
              onDelete={() => onDelete(method)}
            />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function MethodRow({
  method,
  onEdit,
  onDelete,
}: {
  method: DeliveryMethod
  onEdit: () => void
  onDelete: () => void
}) {
  const { t } = useTranslation()
  return (
    <tr>
      <th scope="row" className={`${tdClass} text-start font-semibold`}>
        {method.name}
      </th>
      <td className={tdClass}>{t(`delivery.kinds.${method.kind}`)}</td>
      <td className={tdClass}>
        <ZonesSummary method={method} />
      </td>
      <td className={tdClass}>
        {method.freeAbove === null ? t('admin.delivery.none') : formatShekels(method.freeAbove)}
      </td>
      <td className={tdClass}>
        {method.daysMin === method.daysMax
          ? t('delivery.daysExact', { count: method.daysMin })
          : t('delivery.daysRange', { min: method.daysMin, max: method.daysMax })}
      </td>
      <td className={tdClass}>{method.active ? t('admin.delivery.yes') : t('admin.delivery.no')}</td>
      <td className={`${tdClass} whitespace-nowrap`}>
        <button
          type="button"
          onClick={onEdit}
          className={linkButtonClass}
          aria-label={`${t('admin.delivery.edit')} ${method.name}`}
        >
          {t('admin.delivery.edit')}
        </button>
        <button
          type="button"
          onClick={onDelete}
          className={`${dangerLinkButtonClass} ms-3`}
          aria-label={`${t('admin.delivery.delete')} ${method.name}`}
        >
          {t('admin.delivery.delete')}
        </button>
      </td>
    </tr>
  )
}

/** Each zone with its price and how many cities it has; a pickup's address. */
function ZonesSummary({ method }: { method: DeliveryMethod }) {
  const { t } = useTranslation()
  if (method.kind === 'pickup') return <>{method.pickupAddress}</>
  return (
    <ul className="grid gap-0.5">
      {method.zones.map((zone, index) => {
        const values = {
          zone: zone.name,
          price: formatShekels(zone.price),
          cities: zone.everywhereElse
            ? t('admin.delivery.everywhereElse')
            : t('admin.delivery.citiesCount', { count: zone.cities.length }),
        }
        return (
          <li key={index}>
            {zone.name
              ? t('admin.delivery.zoneSummary', values)
              : t('admin.delivery.zoneSummaryNoName', values)}
          </li>
        )
      })}
    </ul>
  )
}
