import { Link } from 'react-router'
import type { AccountOrder } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { Price } from '../../components/commerce/price'
import { useLineSizeName } from '../../components/commerce/line-size'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { formatOrderDate } from './account-format'
import { ReorderButton } from './reorder-button'
import { TrackingDetails } from '../../components/commerce/tracking-details'

type OrderCardProps = {
  order: AccountOrder
  /** Where the order's own page is; absent on that page itself. */
  detailHref?: string
}

/** One order under "ההזמנות שלי": number, date, status, lines, totals, receipt and order again. */
export function OrderCard({ order, detailHref }: OrderCardProps) {
  const { t } = useTranslation()
  const sizeName = useLineSizeName()
  const title = t('account.orders.number', { number: order.number })
  // In the list it sits under the section's h2; on its own page, right under the page's h1.
  const Heading = detailHref ? 'h3' : 'h2'
  return (
    <article aria-label={title} className="rounded-2xl border border-line p-4 md:p-5">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading className="text-lg font-bold">
          {detailHref ? (
            <Link to={detailHref} className="underline-offset-4 hover:underline">
              {title}
            </Link>
          ) : (
            title
          )}
        </Heading>
        <p className="text-sm text-muted">
          {formatOrderDate(order.createdAt)} · {t(`admin.orders.statuses.${order.orderStatus}`)}
        </p>
      </header>
      {order.tracking && (
        <section aria-label={t('tracking.title')} className="mt-3 rounded-xl border border-line p-3 text-sm">
          <TrackingDetails tracking={order.tracking} />
        </section>
      )}
      <ul className="mt-3 grid gap-1 text-sm">
        {order.orderItems.map((line) => (
          <li key={`${line.itemId}-${line.size}`} className="flex justify-between gap-3">
            <span>
              {t('account.orders.line', {
                name: line.item.name,
                size: sizeName(line.size),
                quantity: line.quantity,
              })}
            </span>
            <Price amount={line.lineTotal} />
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-line pt-3 text-sm">
        <dt>{t('account.orders.subtotal')}</dt>
        <dd>
          <Price amount={order.subtotal} />
        </dd>
        {order.discount > 0 && (
          <>
            <dt>
              {order.couponCode
                ? t('account.orders.discountWithCode', { code: order.couponCode })
                : t('account.orders.discount')}
            </dt>
            <dd>
              <Price amount={-order.discount} />
            </dd>
          </>
        )}
        <dt>
          {order.delivery
            ? t('account.orders.deliveryMethod', { name: order.delivery.name })
            : t('account.orders.shipping')}
        </dt>
        <dd>{order.shippingFee === 0 ? t('account.orders.free') : <Price amount={order.shippingFee} />}</dd>
        <dt className="font-bold">{t('account.orders.total')}</dt>
        <dd className="font-bold">
          <Price amount={order.totalPrice} />
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <ReorderButton orderId={order._id} />
        {order.documentUrl && (
          <a href={order.documentUrl} target="_blank" rel="noreferrer" className={secondaryButtonClass}>
            {t('account.orders.receipt')}
          </a>
        )}
      </div>
    </article>
  )
}
