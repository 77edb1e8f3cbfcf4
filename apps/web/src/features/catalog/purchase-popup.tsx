import { useId, useState } from 'react'
import { Dialog } from 'radix-ui'
import type { LazyDialogProps } from '../../components/ui/lazy-dialog-button'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import type { Product } from '@tavlin/contracts'
import { Price } from '../../components/commerce/price'
import { StockAlertForm } from '../../components/commerce/stock-alert-form'
import { isSoldOut } from '../../components/commerce/stock-count'
import { CloseIcon } from '../../components/ui/icons'
import { iconButtonClass } from '../../components/ui/icon-button'
import { lineTotal, useCartStore } from '../../stores/cart-store'

// Spec §9: quantity minimum 1.
const MIN_QUANTITY = 1

type PurchasePopupProps = LazyDialogProps & {
  product: Product
  /** The size to choose first when it is for sale (a back-in-stock mail's link). */
  initialSize?: string | null | undefined
}

/**
 * Spec §4 product popup: the chosen size sets the price; quantity at least 1.
 * Opened by PurchaseDialog's button, which loads it (and Radix Dialog) on the first click.
 */
export function PurchasePopup({
  product,
  initialSize,
  open,
  onOpenChange,
  returnFocusTo,
}: PurchasePopupProps) {
  const { t } = useTranslation()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in motion-reduce:animate-none" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
          className="fixed inset-0 z-50 m-auto h-fit max-h-[90dvh] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-3xl bg-canvas p-6 text-ink shadow-2xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-extrabold">
              {t('catalog.purchase.title', { name: product.name })}
            </Dialog.Title>
            <Dialog.Close className={`${iconButtonClass} -me-2 -mt-2`} aria-label={t('common.close')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-muted">
            {t('catalog.purchase.description')}
          </Dialog.Description>
          <PurchaseForm product={product} initialSize={initialSize} onDone={() => onOpenChange(false)} />
          <div className="mt-5">
            <StockAlertForm
              item={{ itemId: product._id, itemType: 'Product' }}
              name={product.name}
              sizes={product.pricing
                .filter((option) => isSoldOut(option.stock))
                .map((option) => option.size.sizeName)}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function PurchaseForm({
  product,
  initialSize,
  onDone,
}: {
  product: Product
  initialSize?: string | null | undefined
  onDone: () => void
}) {
  const { t } = useTranslation()
  const add = useCartStore((state) => state.add)
  // The size a link named if it is for sale, else the first still for sale; sold-out sizes
  // cannot be chosen (issue 19).
  const [sizeIndex, setSizeIndex] = useState(() => {
    const named = product.pricing.findIndex(
      (option) => option.size.sizeName === initialSize && !isSoldOut(option.stock),
    )
    return named >= 0
      ? named
      : Math.max(
          0,
          product.pricing.findIndex((option) => !isSoldOut(option.stock)),
        )
  })
  const [quantity, setQuantity] = useState(MIN_QUANTITY)
  const option = product.pricing[sizeIndex] ?? product.pricing[0]
  if (!option) return null
  const soldOut = isSoldOut(option.stock)
  // No more than the size has left, when its stock is counted (issue 35: 5 were taken of 3).
  const max = typeof option.stock === 'number' ? Math.max(MIN_QUANTITY, option.stock) : undefined
  const count = max === undefined ? quantity : Math.min(quantity, max)
  const total = lineTotal({ price: option.price, quantity: count })

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (soldOut) return
    add({
      itemId: product._id,
      itemType: 'Product',
      size: option.size.sizeName,
      price: option.price,
      quantity: count,
    })
    toast.success(t('common.addedToCart'))
    onDone()
  }

  return (
    <form onSubmit={handleSubmit} className="mt-5 flex flex-col gap-5">
      <SizeChoice pricing={product.pricing} sizeIndex={sizeIndex} onChange={setSizeIndex} />
      <QuantityField quantity={count} max={max} onChange={setQuantity} />

      <p className="flex items-center justify-between border-t border-line pt-4 text-lg">
        <span className="font-bold">{t('catalog.purchase.total')}</span>
        <output aria-label={t('catalog.purchase.total')} className="text-2xl font-extrabold text-primary">
          <Price amount={total} />
        </output>
      </p>
      <button
        type="submit"
        disabled={soldOut}
        className="rounded-full bg-primary px-6 py-3 font-bold text-on-primary transition-colors hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-50"
      >
        {soldOut ? t('stock.soldOut') : t('common.addToCart')}
      </button>
    </form>
  )
}

type SizeChoiceProps = { pricing: Product['pricing']; sizeIndex: number; onChange: (index: number) => void }

/** One radio per size, each with its price. */
function SizeChoice({ pricing, sizeIndex, onChange }: SizeChoiceProps) {
  const { t } = useTranslation()
  return (
    <fieldset>
      <legend className="mb-2 font-bold">{t('catalog.purchase.size')}</legend>
      <div className="flex flex-wrap gap-2">
        {pricing.map((option, index) => (
          <label
            key={option.size.sizeName}
            className="flex cursor-pointer items-center gap-2 rounded-full border border-line px-4 py-2 has-[:checked]:border-primary has-[:checked]:bg-surface-2 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
          >
            <input
              type="radio"
              name="size"
              value={option.size.sizeName}
              checked={index === sizeIndex}
              disabled={isSoldOut(option.stock)}
              onChange={() => onChange(index)}
              className="accent-primary"
            />
            <span>{option.size.sizeName}</span>
            {isSoldOut(option.stock) ? (
              <span className="text-sm font-semibold text-red-700 dark:text-red-300">
                {t('stock.soldOut')}
              </span>
            ) : (
              <Price amount={option.price} className="text-sm text-muted" />
            )}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** The quantity as a number field between − and +, never under the minimum nor over what is left. */
function QuantityField({
  quantity,
  max,
  onChange,
}: {
  quantity: number
  max: number | undefined
  onChange: (quantity: number) => void
}) {
  const within = (value: number) => Math.min(value, max ?? Number.POSITIVE_INFINITY)
  const { t } = useTranslation()
  const quantityId = useId()
  return (
    <div>
      <label htmlFor={quantityId} className="mb-2 block font-bold">
        {t('catalog.purchase.quantity')}
      </label>
      <div className="flex w-fit items-center rounded-full border border-line">
        <button
          type="button"
          onClick={() => onChange(Math.max(MIN_QUANTITY, quantity - 1))}
          disabled={quantity <= MIN_QUANTITY}
          aria-label={t('catalog.purchase.decrease')}
          className="size-11 rounded-full text-xl font-bold hover:bg-surface-2 disabled:opacity-40"
        >
          −
        </button>
        <input
          id={quantityId}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={max}
          value={quantity}
          onChange={(event) => {
            const value = Math.floor(Number(event.target.value))
            onChange(within(Number.isFinite(value) && value >= MIN_QUANTITY ? value : MIN_QUANTITY))
          }}
          className="w-16 bg-transparent text-center tabular-nums [appearance:textfield]"
        />
        <button
          type="button"
          onClick={() => onChange(within(quantity + 1))}
          disabled={max !== undefined && quantity >= max}
          aria-label={t('catalog.purchase.increase')}
          className="size-11 rounded-full text-xl font-bold hover:bg-surface-2 disabled:opacity-40"
        >
          +
        </button>
      </div>
    </div>
  )
}
