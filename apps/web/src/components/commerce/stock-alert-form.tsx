import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { PACKAGE_SIZE, StockAlertRequestSchema, type ItemType } from '@tavlin/contracts'
import { accountQueries } from '../../api/account'
import { useRequestStockAlert } from '../../api/stock-alerts'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { useErrorText } from '../../hooks/use-error-text'
import { apiAuth } from '../../lib/api-auth'
import { useTranslation } from '../../lib/i18n'
import { submitButtonClass, TextField } from '../ui/form-field'

type StockAlertFormProps = {
  item: { itemType: ItemType; itemId: string }
  /** The product's or package's name. */
  name: string
  /** The sold-out sizes one may ask about; [PACKAGE_SIZE] for a package. */
  sizes: string[]
}

const emailSchema = StockAlertRequestSchema.shape.email

/** "ברברה (100 גרם)", or a package's name alone. */
function labelOf(name: string, size: string): string {
  return size === PACKAGE_SIZE ? name : `${name} (${size})`
}

/**
 * "עדכנו אותי כשיחזור" (issue 36, decision 277): under a sold-out size or package, a
 * disclosure with the address (the account's when signed in) and, when several sizes are
 * sold out, which one. The address gets a confirmation link first; the one mail comes
 * when the size is back. Nothing shows when nothing is sold out.
 */
export function StockAlertForm({ item, name, sizes }: StockAlertFormProps) {
  const { t } = useTranslation()
  // The account's address is asked for only once the disclosure is open (opened before the
  // app hydrated too: the effect reads it then).
  const [isOpen, setOpen] = useState(false)
  const detailsRef = useRef<HTMLDetailsElement>(null)
  useEffect(() => setOpen(detailsRef.current?.open ?? false), [])
  if (sizes.length === 0) return null
  const only = sizes.length === 1 ? sizes[0]! : null
  return (
    <details
      ref={detailsRef}
      className="w-full rounded-2xl border border-line bg-surface p-4 text-start"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-primary marker:text-muted">
        {only ? t('stockAlert.openNamed', { label: labelOf(name, only) }) : t('stockAlert.open')}
      </summary>
      <AlertFields item={item} name={name} sizes={sizes} readsAccount={isOpen} />
    </details>
  )
}

function AlertFields({ item, name, sizes, readsAccount }: StockAlertFormProps & { readsAccount: boolean }) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const fieldText = useErrorText()
  const request = useRequestStockAlert()
  const [size, setSize] = useState(sizes[0]!)
  const [typed, setTyped] = useState<string | null>(null)
  const [emailError, setEmailError] = useState<string | undefined>()
  const accountEmail = useAccountEmail(readsAccount)
  const email = typed ?? accountEmail ?? ''

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = emailSchema.safeParse(email)
    if (!parsed.success) {
      setEmailError(fieldText(parsed.error.issues[0]?.message ?? 'validation.emailInvalid'))
      return
    }
    setEmailError(undefined)
    request.mutate({ ...item, size, email: parsed.data })
  }

  if (request.isSuccess)
    return (
      <div className="mt-3 flex flex-col items-start gap-2">
        <p role="status" className="font-semibold">
          {t('stockAlert.sent', { email: request.variables.email })}
        </p>
        {sizes.length > 1 && (
          <button type="button" className="text-primary underline" onClick={() => request.reset()}>
            {t('stockAlert.another')}
          </button>
        )}
      </div>
    )

  return (
    <form noValidate onSubmit={handleSubmit} className="mt-3 flex flex-col gap-3">
      <p className="text-sm text-muted">
        {sizes.length > 1
          ? t('stockAlert.leadChoose')
          : t('stockAlert.lead', { label: labelOf(name, sizes[0]!) })}
      </p>
      {sizes.length > 1 && <SizeChoice sizes={sizes} size={size} onChange={setSize} />}
      <TextField
        label={t('stockAlert.email')}
        type="email"
        dir="ltr"
        autoComplete="email"
        value={email}
        error={emailError}
        onChange={(event) => setTyped(event.target.value)}
      />
      {request.isError && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {errorText(request.error)}
        </p>
      )}
      <button type="submit" className={`${submitButtonClass} self-start`} disabled={request.isPending}>
        {t('stockAlert.submit')}
      </button>
    </form>
  )
}

function SizeChoice({
  sizes,
  size,
  onChange,
}: {
  sizes: string[]
  size: string
  onChange: (size: string) => void
}) {
  const { t } = useTranslation()
  const name = useId()
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{t('stockAlert.size')}</legend>
      <div className="flex flex-wrap gap-2">
        {sizes.map((option) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-4 py-2 has-[:checked]:border-primary has-[:checked]:bg-surface-2 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === size}
              onChange={() => onChange(option)}
              className="accent-primary"
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** The signed-in shopper's address, to fill the field in; null for a guest or until it is read. */
function useAccountEmail(isWanted: boolean): string | null {
  const isSignedIn = useSyncExternalStore(apiAuth.subscribeSignedIn, apiAuth.isSignedIn, () => false)
  const profile = useQuery({ ...accountQueries.profile(), enabled: isSignedIn && isWanted })
  return isSignedIn ? (profile.data?.email ?? null) : null
}
