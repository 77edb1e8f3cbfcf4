import { useEffect, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useLocation } from 'react-router'
import { CONFIRMATION_ERROR_CODES, SHOP_TIME_ZONE, type RestoredCart } from '@tavlin/contracts'
import { cartReminderQueries, useRestoreCart } from '../../api/cart-reminders'
import { Price } from '../../components/commerce/price'
import { useLineSizeName } from '../../components/commerce/line-size'
import { PageShell } from '../../components/layout/page-shell'
import { submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { isApiError } from '../../lib/api-error'
import { useTranslation } from '../../lib/i18n'
import { useCartStore } from '../../stores/cart-store'

type LinkErrorCode = (typeof CONFIRMATION_ERROR_CODES)[number]

const validUntil = new Intl.DateTimeFormat('he-IL', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: SHOP_TIME_ZONE,
})

function linkErrorOf(error: unknown): LinkErrorCode | null {
  return isApiError(error) && (CONFIRMATION_ERROR_CODES as readonly string[]).includes(error.code)
    ? (error.code as LinkErrorCode)
    : null
}

/** Puts the restored lines in the cart; a line already there keeps the larger quantity, at today's price. */
function fillCart(cart: RestoredCart) {
  const store = useCartStore.getState()
  for (const item of cart.items) {
    const line = { itemId: item.itemId, itemType: item.itemType, size: item.size, price: item.price }
    const existing = store.lines.find((kept) => kept.itemId === item.itemId && kept.size === item.size)
    if (!existing) store.add({ ...line, quantity: item.quantity })
    else if (existing.quantity < item.quantity) store.setQuantity(item.itemId, item.size, item.quantity)
  }
  store.applyPrices(cart.items)
}

/**
 * `/cart/restore#<token>` (issue 36, decision 282): a cart reminder's link. Opening it changes
 * nothing (mail scanners open links): it shows the left order's items at today's prices and
 * what is left out; only the button puts them in the cart and uses the link.
 */
export function CartRestoreView() {
  const { t } = useTranslation()
  const token = useLocation().hash.replace(/^#/, '')
  const preview = useQuery({ ...cartReminderQueries.preview(token), enabled: token !== '' })
  const restore = useRestoreCart()
  const refusal = token === '' ? 'LINK_INVALID' : (linkErrorOf(preview.error) ?? linkErrorOf(restore.error))

  let content
  if (refusal && !restore.isSuccess)
    content = (
      <Outcome
        role="alert"
        title={t(`cartRestore.errors.${refusal}.title`)}
        text={t(`cartRestore.errors.${refusal}.text`)}
      />
    )
  else if (restore.isSuccess) content = <Restored cart={restore.data} />
  else if (preview.isError) content = <p role="alert">{t('cartRestore.failed')}</p>
  else if (!preview.data)
    content = (
      <div className="flex items-center gap-3">
        <Spinner />
        <span>{t('cartRestore.loading')}</span>
      </div>
    )
  else
    content = (
      <>
        <p className="text-lg">{t('cartRestore.lead', { order: preview.data.orderNumber })}</p>
        <CartLines cart={preview.data} />
        <p className="text-muted">
          {t('cartRestore.validUntil', { date: validUntil.format(new Date(preview.data.expiresAt)) })}
        </p>
        <button
          type="button"
          className={`${submitButtonClass} self-start`}
          disabled={restore.isPending || preview.data.items.length === 0}
          onClick={() => restore.mutate(token, { onSuccess: fillCart })}
        >
          {t('cartRestore.submit')}
        </button>
        {restore.isError && !refusal && <p role="alert">{t('cartRestore.failed')}</p>}
      </>
    )

  return (
    <PageShell title={t('pages.cartRestore.title')} description={t('pages.cartRestore.description')}>
      <div className="flex max-w-prose flex-col gap-4" aria-live="polite">
        {content}
      </div>
    </PageShell>
  )
}

function Restored({ cart }: { cart: RestoredCart }) {
  const { t } = useTranslation()
  return (
    <>
      <Outcome role="status" title={t('cartRestore.done')} text={t('cartRestore.doneText')} />
      {cart.leftOut.length > 0 && <LeftOut cart={cart} />}
      <Link to={paths.checkout} className={`${submitButtonClass} self-start`}>
        {t('cartRestore.toCheckout')}
      </Link>
    </>
  )
}

/** Today's price of each line, the old one beside it when it changed; then what is left out. */
function CartLines({ cart }: { cart: RestoredCart }) {
  const { t } = useTranslation()
  const sizeName = useLineSizeName()
  return (
    <>
      {cart.items.length > 0 ? (
        <ul className="flex flex-col gap-2 rounded-2xl border border-line p-4">
          {cart.items.map((item) => (
            <li key={`${item.itemId}:${item.size}`} className="flex flex-wrap justify-between gap-2">
              <span>
                {t('cartRestore.line', {
                  name: item.name,
                  size: sizeName(item.size),
                  quantity: item.quantity,
                })}
              </span>
              <span className="flex gap-2">
                <Price amount={item.price} />
                {item.price !== item.previousPrice && (
                  <span className="text-sm text-muted">
                    {t('cartRestore.wasPrice')} <Price amount={item.previousPrice} />
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p role="alert">{t('cartRestore.nothingLeft')}</p>
      )}
      {cart.leftOut.length > 0 && <LeftOut cart={cart} />}
    </>
  )
}

function LeftOut({ cart }: { cart: RestoredCart }) {
  const { t } = useTranslation()
  const sizeName = useLineSizeName()
  return (
    <div className="flex flex-col gap-1">
      <h2 className="font-bold">{t('cartRestore.leftOutTitle')}</h2>
      <ul className="list-disc ps-6">
        {cart.leftOut.map((line) => (
          <li key={`${line.name}:${line.size}`}>
            {t(`cartRestore.leftOut.${line.reason}`, {
              name: line.name,
              size: sizeName(line.size),
              quantity: line.quantity,
              restored: line.restored,
            })}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The end of the page's story; takes focus, so a screen reader hears it. */
function Outcome({ role, title, text }: { role: 'status' | 'alert'; title: string; text: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <div role={role} className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-2 p-6">
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
        {title}
      </h2>
      <p>{text}</p>
    </div>
  )
}
