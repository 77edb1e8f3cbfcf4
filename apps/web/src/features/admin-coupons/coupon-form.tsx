import { useState, type FormEvent } from 'react'
import { COUPON_CATEGORIES, type Coupon } from '@tavlin/contracts'
import { useTranslation, type ParseKeys } from '../../lib/i18n'
import { useSaveCoupon } from '../../api/coupons'
import { TextField, submitButtonClass } from '../../components/ui/form-field'
import { DateField } from '../../components/ui/date-field'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { FormSection } from '../../components/ui/admin-form'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { toast } from '../../lib/notify'
import { EMPTY_DRAFT, draftOf, parseDraft, type CouponDraft } from './coupon-draft'

/** Create a coupon (`coupon` null) or edit one: every rule of issue 19 in one form. */
export function CouponForm({ coupon, onDone }: { coupon: Coupon | null; onDone: () => void }) {
  const { t, i18n } = useTranslation()
  const [draft, setDraft] = useState<CouponDraft>(coupon ? draftOf(coupon) : EMPTY_DRAFT)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useSaveCoupon()
  const saveErrorToast = useSaveErrorToast()
  const set = <K extends keyof CouponDraft>(key: K, value: CouponDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))
  // The schema's messages are translation keys; a bare number rule carries library text.
  const errorOf = (field: keyof CouponDraft) => {
    const message = errors[field]
    if (!message) return undefined
    return i18n.exists(message) ? t(message as ParseKeys) : t('validation.couponValueInvalid')
  }
  const text = (field: 'code' | 'value' | 'minimumOrder' | 'usageLimit', label: string, extra = {}) => (
    <TextField
      label={label}
      value={draft[field]}
      onChange={(event) => set(field, event.target.value)}
      error={errorOf(field)}
      {...extra}
    />
  )

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseDraft(draft)
    setErrors(parsed.errors ?? {})
    if (!parsed.input) return
    save.mutate(
      { id: coupon?._id ?? null, input: parsed.input },
      {
        onSuccess: (saved) => {
          toast.success(t('admin.coupons.saved', { code: saved.code }))
          onDone()
        },
        onError: saveErrorToast,
      },
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-2xl flex-col gap-4" aria-busy={save.isPending}>
      <h3 className="text-lg font-bold">
        {coupon ? t('admin.coupons.formTitleEdit', { code: coupon.code }) : t('admin.coupons.formTitleNew')}
      </h3>
      {text('code', t('admin.coupons.fields.code'), { dir: 'ltr', hint: t('admin.coupons.fields.codeHint') })}
      <KindField kind={draft.kind} onChange={(kind) => set('kind', kind)} />
      {text('value', t('admin.coupons.fields.value'), { inputMode: 'decimal', dir: 'ltr' })}
      {text('minimumOrder', t('admin.coupons.fields.minimumOrder'), { inputMode: 'decimal', dir: 'ltr' })}
      <div className="grid gap-4 sm:grid-cols-2">
        {(['startsOn', 'endsOn'] as const).map((field) => (
          // Day/month/year in Hebrew, not the browser's own "dd/mm/yyyy" control (issue 35).
          <DateField
            key={field}
            label={t(`admin.coupons.fields.${field}`)}
            value={draft[field]}
            onChange={(value) => set(field, value)}
            error={errorOf(field)}
          />
        ))}
      </div>
      {text('usageLimit', t('admin.coupons.fields.usageLimit'), { inputMode: 'numeric', dir: 'ltr' })}
      <CouponOptions draft={draft} set={set} />
      <div className="flex gap-3">
        <button type="submit" disabled={save.isPending} className={submitButtonClass}>
          {t('admin.coupons.save')}
        </button>
        <button type="button" onClick={onDone} className={secondaryButtonClass}>
          {t('admin.coupons.cancel')}
        </button>
      </div>
    </form>
  )
}

function KindField({
  kind,
  onChange,
}: {
  kind: CouponDraft['kind']
  onChange: (kind: CouponDraft['kind']) => void
}) {
  const { t } = useTranslation()
  return (
    <FormSection legend={t('admin.coupons.fields.kind')}>
      {(['percent', 'fixed'] as const).map((value) => (
        <label key={value} className="flex items-center gap-2">
          <input type="radio" name="kind" checked={kind === value} onChange={() => onChange(value)} />
          {t(`admin.coupons.fields.${value}`)}
        </label>
      ))}
    </FormSection>
  )
}

type Setter = <K extends keyof CouponDraft>(key: K, value: CouponDraft[K]) => void

/** The switches (one per customer, free shipping, active) and the categories it is limited to. */
function CouponOptions({ draft, set }: { draft: CouponDraft; set: Setter }) {
  const { t } = useTranslation()
  return (
    <>
      {(['onePerCustomer', 'freeShipping', 'active'] as const).map((field) => (
        <label key={field} className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft[field]}
            onChange={(event) => set(field, event.target.checked)}
          />
          {t(`admin.coupons.fields.${field}`)}
        </label>
      ))}
      <FormSection legend={t('admin.coupons.fields.categories')}>
        <div className="flex flex-wrap gap-4">
          {COUPON_CATEGORIES.map((category) => (
            <label key={category.nameInEnglish} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={draft.categories.includes(category.nameInEnglish)}
                onChange={(event) =>
                  set(
                    'categories',
                    event.target.checked
                      ? [...draft.categories, category.nameInEnglish]
                      : draft.categories.filter((name) => name !== category.nameInEnglish),
                  )
                }
              />
              {category.nameInHebrew}
            </label>
          ))}
        </div>
      </FormSection>
    </>
  )
}
