import { useState, type FormEvent } from 'react'
import type { DeliveryMethod } from '@tavlin/contracts'
import { useTranslation, type ParseKeys } from '../../lib/i18n'
import { useSaveDeliveryMethod } from '../../api/delivery'
import { TextAreaField, TextField, submitButtonClass } from '../../components/ui/form-field'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { FormSection } from '../../components/ui/admin-form'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { toast } from '../../lib/notify'
import {
  EMPTY_DRAFT,
  draftOf,
  parseDraft,
  serverErrorsOf,
  type DeliveryDraft,
  type DraftErrors,
} from './delivery-draft'
import { ZonesEditor } from './zones-editor'

/** The schema's messages are translation keys; a rule without one reads as a plain "invalid". */
export function useDraftErrorText() {
  const { t, i18n } = useTranslation()
  return (message: string | undefined) =>
    message ? (i18n.exists(message) ? t(message as ParseKeys) : t('admin.delivery.invalidValue')) : undefined
}

type Setter = <K extends keyof DeliveryDraft>(key: K, value: DeliveryDraft[K]) => void

/** Create a delivery method (`method` null) or edit one: home delivery by zones, or pickup. */
export function DeliveryMethodForm({
  method,
  onDone,
}: {
  method: DeliveryMethod | null
  onDone: () => void
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<DeliveryDraft>(method ? draftOf(method) : EMPTY_DRAFT)
  const [errors, setErrors] = useState<DraftErrors>({})
  const save = useSaveDeliveryMethod()
  const saveErrorToast = useSaveErrorToast()
  const errorText = useDraftErrorText()
  const set: Setter = (key, value) => setDraft((current) => ({ ...current, [key]: value }))

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseDraft(draft)
    setErrors(parsed.errors ?? {})
    if (!parsed.input) return
    save.mutate(
      { id: method?._id ?? null, input: parsed.input },
      {
        onSuccess: (saved) => {
          toast.success(t('admin.delivery.saved', { name: saved.name }))
          onDone()
        },
        onError: (error) => {
          const fields = serverErrorsOf(error)
          if (fields) setErrors(fields)
          saveErrorToast(error)
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-3xl flex-col gap-4" aria-busy={save.isPending}>
      <h3 className="text-lg font-bold">
        {method ? t('admin.delivery.formTitleEdit', { name: method.name }) : t('admin.delivery.formTitleNew')}
      </h3>
      <KindField draft={draft} set={set} errors={errors} />
      <TextField
        label={t('admin.delivery.fields.name')}
        value={draft.name}
        onChange={(event) => set('name', event.target.value)}
        error={errorText(errors.name)}
        maxLength={80}
      />
      <MethodNumbers draft={draft} set={set} errors={errors} />
      {draft.kind === 'delivery' ? (
        <ZonesEditor
          zones={draft.zones}
          onChange={(zones) => set('zones', zones)}
          errors={errors}
          errorText={errorText}
        />
      ) : (
        <PickupFields draft={draft} set={set} errors={errors} />
      )}
      <div className="flex gap-3">
        <button type="submit" disabled={save.isPending} className={submitButtonClass}>
          {t('admin.delivery.save')}
        </button>
        <button type="button" onClick={onDone} className={secondaryButtonClass}>
          {t('admin.delivery.cancel')}
        </button>
      </div>
    </form>
  )
}

type PartProps = { draft: DeliveryDraft; set: Setter; errors: DraftErrors }

function KindField({ draft, set }: PartProps) {
  const { t } = useTranslation()
  return (
    <FormSection legend={t('admin.delivery.fields.kind')}>
      {(['delivery', 'pickup'] as const).map((kind) => (
        <label key={kind} className="flex items-center gap-2">
          <input type="radio" name="kind" checked={draft.kind === kind} onChange={() => set('kind', kind)} />
          {t(`delivery.kinds.${kind}`)}
        </label>
      ))}
    </FormSection>
  )
}

/** Days, the free-shipping threshold, the place in the list, and the on/off switch. */
function MethodNumbers({ draft, set, errors }: PartProps) {
  const { t } = useTranslation()
  const errorText = useDraftErrorText()
  const number = (field: 'daysMin' | 'daysMax' | 'freeAbove' | 'position', extra = {}) => (
    <TextField
      label={t(`admin.delivery.fields.${field}`)}
      value={draft[field]}
      onChange={(event) => set(field, event.target.value)}
      error={errorText(errors[field])}
      inputMode={field === 'freeAbove' ? 'decimal' : 'numeric'}
      dir="ltr"
      {...extra}
    />
  )
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {number('daysMin', { hint: t('admin.delivery.fields.daysHint') })}
        {number('daysMax')}
      </div>
      {number('freeAbove', { hint: t('admin.delivery.fields.freeAboveHint') })}
      {number('position', { hint: t('admin.delivery.fields.positionHint') })}
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={draft.active}
          onChange={(event) => set('active', event.target.checked)}
        />
        {t('admin.delivery.fields.active')}
      </label>
    </>
  )
}

function PickupFields({ draft, set, errors }: PartProps) {
  const { t } = useTranslation()
  const errorText = useDraftErrorText()
  return (
    <>
      {errors.zones && (
        <p className="text-sm font-medium text-red-700 dark:text-red-300">{errorText(errors.zones)}</p>
      )}
      <TextField
        label={t('admin.delivery.fields.pickupAddress')}
        value={draft.pickupAddress}
        onChange={(event) => set('pickupAddress', event.target.value)}
        error={errorText(errors.pickupAddress)}
        maxLength={300}
      />
      <TextAreaField
        label={t('admin.delivery.fields.openingHours')}
        value={draft.openingHours}
        onChange={(event) => set('openingHours', event.target.value)}
        error={errorText(errors.openingHours)}
        rows={3}
        maxLength={500}
      />
    </>
  )
}
