import { useEffect, useId, useRef, useState } from 'react'
import type { Product } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { Price } from '../../components/commerce/price'
import { isSoldOut } from '../../components/commerce/stock-count'
import { lineTotal, useCartStore } from '../../stores/cart-store'

// Spec §9: quantity minimum 1.
const MIN_QUANTITY = 1

/**
 * Spec §4's form: the chosen size sets the price; quantity at least 1. The server renders it
 * inside the popup, which can open before the app hydrates (decision 299): a size or quantity
 * chosen then is still on screen when the app starts, and the form takes it as its own.
 */
export function PurchaseForm({
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
  const formRef = useRef<HTMLFormElement>(null)
  // Once, after hydration: React kept what the shopper chose on the server's page meanwhile.
  useEffect(() => {
    const chosen = readChoice(formRef.current, product.pricing)
    if (chosen.sizeIndex !== undefined) setSizeIndex(chosen.sizeIndex)
    if (chosen.quantity !== undefined) setQuantity(chosen.quantity)
  }, [product.pricing])
  const line = chosenLine(product.pricing, sizeIndex, quantity)
  if (!line) return null
  const { option, soldOut, max, count } = line
  const total = lineTotal({ price: option.price, quantity: count })

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // The fields, not the state: a press replayed as the app starts (decision 299) comes before
    // the state has taken what the shopper chose on the server's page.
    const chosen = readChoice(event.currentTarget, product.pricing)
    const sent = chosenLine(product.pricing, chosen.sizeIndex ?? sizeIndex, chosen.quantity ?? quantity)
    if (!sent || sent.soldOut) return
    add({
      itemId: product._id,
      itemType: 'Product',
      size: sent.option.size.sizeName,
      price: sent.option.price,
      quantity: sent.count,
    })
    toast.success(t('common.addedToCart'))
    onDone()
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} className="mt-5 flex flex-col gap-5">
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

/** The size at `sizeIndex` and the quantity, no more than the size has left when its stock is counted. */
function chosenLine(pricing: Product['pricing'], sizeIndex: number, quantity: number) {
  const option = pricing[sizeIndex] ?? pricing[0]
  if (!option) return null
  // Issue 35: 5 were taken of 3.
  const max = typeof option.stock === 'number' ? Math.max(MIN_QUANTITY, option.stock) : undefined
  const count = max === undefined ? quantity : Math.min(quantity, max)
  return { option, soldOut: isSoldOut(option.stock), max, count }
}

/** The size and quantity the form's fields hold, where they name a size for sale and a count. */
function readChoice(
  form: HTMLFormElement | null,
  pricing: Product['pricing'],
): { sizeIndex?: number; quantity?: number } {
  if (!form) return {}
  const size = form.querySelector<HTMLInputElement>('input[name="size"]:checked')?.value
  const sizeIndex = pricing.findIndex((option) => option.size.sizeName === size && !isSoldOut(option.stock))
  const quantity = Math.floor(Number(form.querySelector<HTMLInputElement>('input[type="number"]')?.value))
  return {
    ...(sizeIndex >= 0 && { sizeIndex }),
    ...(Number.isFinite(quantity) && quantity >= MIN_QUANTITY && { quantity }),
  }
}
