import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { accountQueries } from '../../api/account'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { isApiError } from '../../lib/api-error'
import { Spinner } from '../../components/ui/spinner'
import { OrderCard } from './order-card'

type OrderDetailProps = { orderId: string; backHref: string }

/** One order at its own address; someone else's is "not found", as the API answers (404, decision 230). */
export function OrderDetail({ orderId, backHref }: OrderDetailProps) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const order = useQuery(accountQueries.order(orderId))
  return (
    <div className="grid gap-6">
      <Link to={backHref} className="text-primary underline underline-offset-4">
        {t('account.orders.back')}
      </Link>
      {order.isPending ? (
        <Spinner />
      ) : order.isError ? (
        <p role="alert" className="text-lg">
          {isApiError(order.error) && order.error.status === 404
            ? t('account.orders.notFound')
            : errorText(order.error)}
        </p>
      ) : (
        <OrderCard order={order.data} />
      )}
    </div>
  )
}
