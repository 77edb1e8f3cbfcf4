import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { accountQueries } from '../../api/account'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { Spinner } from '../../components/ui/spinner'
import { PaginationControls } from '../../components/ui/pagination-controls'
import { OrderCard } from './order-card'
import { sectionClass, sectionTitleClass } from './account-format'

type OrdersSectionProps = { orderHref: (orderId: string) => string }

/** "ההזמנות שלי": newest first, a page at a time. */
export function OrdersSection({ orderHref }: OrdersSectionProps) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const [page, setPage] = useState(1)
  const orders = useQuery(accountQueries.orders(page))
  return (
    <section id="orders" aria-labelledby="account-orders" className={sectionClass}>
      <h2 id="account-orders" className={sectionTitleClass}>
        {t('account.orders.title')}
      </h2>
      {orders.isPending ? (
        <Spinner />
      ) : orders.isError ? (
        <p role="alert">{errorText(orders.error)}</p>
      ) : orders.data.items.length === 0 ? (
        <p className="text-muted">{t('account.orders.empty')}</p>
      ) : (
        <>
          <div className="grid gap-4">
            {orders.data.items.map((order) => (
              <OrderCard key={order._id} order={order} detailHref={orderHref(order._id)} />
            ))}
          </div>
          {orders.data.totalPages > 1 && (
            <PaginationControls
              page={page}
              totalPages={orders.data.totalPages}
              isPlaceholderData={orders.isPlaceholderData}
              onPageChange={setPage}
            />
          )}
        </>
      )}
    </section>
  )
}
