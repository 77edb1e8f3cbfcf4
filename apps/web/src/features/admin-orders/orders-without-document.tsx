import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { cancellationQueries } from '../../api/cancellations'
import { tableClass, tableWrapClass, tdClass, thClass } from '../../components/ui/data-table'
import { Price } from '../../components/commerce/price'
import { formatDateTime } from './order-format'

/** Paid orders PayPlus issued no receipt for: without the invoice module, the owner issues them elsewhere. */
export function OrdersWithoutDocument() {
  const { t } = useTranslation()
  const list = useQuery(cancellationQueries.withoutDocument())
  if (!list.data) return null
  return (
    <section aria-labelledby="orders-without-document" className="flex flex-col gap-2">
      <h3 id="orders-without-document" className="text-lg font-bold">
        {t('cancellation.withoutDocument.title')}
      </h3>
      <p className="text-muted">{t('cancellation.withoutDocument.intro')}</p>
      {list.data.length === 0 ? (
        <p>{t('cancellation.withoutDocument.empty')}</p>
      ) : (
        <div className={tableWrapClass}>
          <table className={tableClass}>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  {t('cancellation.withoutDocument.order')}
                </th>
                <th scope="col" className={thClass}>
                  {t('cancellation.withoutDocument.total')}
                </th>
                <th scope="col" className={thClass}>
                  {t('cancellation.withoutDocument.paidAt')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((order) => (
                <tr key={order._id}>
                  <th scope="row" className={`${tdClass} text-start`} dir="ltr">
                    {order.number}
                  </th>
                  <td className={tdClass} dir="ltr">
                    <Price amount={order.total} />
                  </td>
                  <td className={tdClass}>{order.paidAt ? formatDateTime(order.paidAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
