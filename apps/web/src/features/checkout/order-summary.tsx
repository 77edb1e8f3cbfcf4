import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import type { ReactNode } from 'react'
import { PACKAGE_SIZE } from '@tavlin/contracts'
import { packageQueries } from '../../api/packages'
import { CatalogImage } from '../../components/commerce/catalog-image'
import { productQueries } from '../../api/products'
import { lineTotal, type CartLine } from '../../stores/cart-store'
import { StockFlag } from '../../components/commerce/stock-flag'
import { Price } from '../../components/commerce/price'
import type { OrderTotals } from './totals'
import { TotalsList } from './totals-list'

/** Lines whose price the server changed: key → the price the visitor saw before. */
export type ChangedPrices = ReadonlyMap<string, number>

export const lineKey = (line: Pick<CartLine, 'itemId' | 'size'>) => `${line.itemId}\u0000${line.size}`

function useItemDetails(line: CartLine) {
  const isProduct = line.itemType === 'Product'
  const product = useQuery({ ...productQueries.detail(line.itemId), enabled: isProduct })
  const pkg = useQuery({ ...packageQueries.detail(line.itemId), enabled: !isProduct })
  const query = isProduct ? product : pkg
  return {
    isPending: query.isPending,
    item: query.data ?? null,
  }
}

function SummaryRow({ line, oldPrice }: { line: CartLine; oldPrice: number | undefined }) {
  const { t } = useTranslation()
  const { isPending, item } = useItemDetails(line)
  const isChanged = oldPrice !== undefined
  return (
    <li
      className={`flex gap-3 rounded-2xl p-2 ${isChanged ? 'bg-saffron/15 ring-1 ring-saffron' : ''}`}
      data-changed={isChanged || undefined}
    >
      {item ? (
        <CatalogImage
          src={item.image}
          alt=""
          sizes="56px"
          width={56}
          height={56}
          className="size-14 shrink-0 rounded-xl"
        />
      ) : (
        <span aria-hidden="true" className="size-14 shrink-0 rounded-xl bg-surface-2" />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">
          {item ? item.name : isPending ? t('checkout.itemLoading') : t('checkout.itemNotFound')}
        </p>
        {line.size !== PACKAGE_SIZE && (
          <p className="text-sm text-muted">{t('checkout.size', { size: line.size })}</p>
        )}
        <p className="text-sm text-muted">
          <bdi dir="ltr">
            {line.quantity} × <Price amount={line.price} />
          </bdi>
        </p>
        {item && <StockFlag item={item} line={line} />}
        {isChanged && (
          <p className="text-sm font-semibold text-ink">
            {t('checkout.priceChangedLine')}
            <span className="ms-2 font-normal text-muted">
              {t('checkout.oldPrice')} <Price amount={oldPrice} className="line-through" />
            </span>
          </p>
        )}
      </div>
      <Price amount={lineTotal(line)} className="shrink-0 font-semibold" />
    </li>
  )
}

type OrderSummaryProps = {
  lines: readonly CartLine[]
  totals: OrderTotals | null
  changed: ChangedPrices
  /** Shown instead of the totals while the shop's settings load or failed. */
  totalsFallback?: ReactNode
}

export function OrderSummary({ lines, totals, changed, totalsFallback }: OrderSummaryProps) {
  return (
    <div className="grid gap-4">
      <ul className="grid gap-2">
        {lines.map((line) => (
          <SummaryRow key={lineKey(line)} line={line} oldPrice={changed.get(lineKey(line))} />
        ))}
      </ul>
      {totals ? <TotalsList {...totals} /> : totalsFallback}
    </div>
  )
}
