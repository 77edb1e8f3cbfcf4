import { useTranslation } from '../../lib/i18n'
import { TextField } from '../../components/ui/form-field'
import { FormRow, FormSection, removeRowButtonClass } from '../../components/ui/admin-form'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { LocalityPicker } from '../../components/locality/locality-picker'
import { newZone, type DraftErrors, type ZoneDraft } from './delivery-draft'

type ZonesEditorProps = {
  zones: ZoneDraft[]
  onChange: (zones: ZoneDraft[]) => void
  errors: DraftErrors
  errorText: (message: string | undefined) => string | undefined
}

/** Home delivery's zones: a name, a price, and the localities it covers (or everywhere else). */
export function ZonesEditor({ zones, onChange, errors, errorText }: ZonesEditorProps) {
  const { t } = useTranslation()
  const update = (index: number, patch: Partial<ZoneDraft>) =>
    onChange(zones.map((zone, at) => (at === index ? { ...zone, ...patch } : zone)))
  return (
    <FormSection legend={t('admin.delivery.zones.title')} error={errorText(errors.zones)}>
      {zones.map((zone, index) => (
        <ZoneRow
          key={zone.key}
          zone={zone}
          index={index}
          errors={errors}
          errorText={errorText}
          onChange={(patch) => update(index, patch)}
          onRemove={zones.length > 1 ? () => onChange(zones.filter((_, at) => at !== index)) : undefined}
        />
      ))}
      <button
        type="button"
        onClick={() => onChange([...zones, newZone()])}
        className={`${secondaryButtonClass} self-start`}
      >
        {t('admin.delivery.zones.add')}
      </button>
    </FormSection>
  )
}

type ZoneRowProps = {
  zone: ZoneDraft
  index: number
  errors: DraftErrors
  errorText: (message: string | undefined) => string | undefined
  onChange: (patch: Partial<ZoneDraft>) => void
  onRemove: (() => void) | undefined
}

function ZoneRow({ zone, index, errors, errorText, onChange, onRemove }: ZoneRowProps) {
  const { t } = useTranslation()
  const path = `zones.${index}`
  const number = index + 1
  // The zone of "everywhere else" shows no city picker: what is said about its cities goes here.
  const restError = errorText(
    errors[`${path}.everywhereElse`] ?? (zone.everywhereElse ? errors[`${path}.cities`] : undefined),
  )
  return (
    <FormRow label={t('admin.delivery.zones.zone', { number })}>
      <TextField
        label={t('admin.delivery.zones.name')}
        value={zone.name}
        onChange={(event) => onChange({ name: event.target.value })}
        error={errorText(errors[`${path}.name`])}
        maxLength={60}
        className="min-w-40 flex-1"
      />
      <TextField
        label={t('admin.delivery.zones.price')}
        value={zone.price}
        onChange={(event) => onChange({ price: event.target.value })}
        error={errorText(errors[`${path}.price`])}
        inputMode="decimal"
        dir="ltr"
        className="w-32"
      />
      <div className="flex basis-full flex-col gap-1">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={zone.everywhereElse}
            onChange={(event) => onChange({ everywhereElse: event.target.checked })}
          />
          {t('admin.delivery.zones.everywhereElse')}
        </label>
        {restError && <p className="text-sm font-medium text-red-700 dark:text-red-300">{restError}</p>}
      </div>
      {!zone.everywhereElse && (
        <div className="basis-full">
          <LocalityPicker
            label={t('admin.delivery.zones.cities')}
            cities={zone.cities}
            onChange={(cities) => onChange({ cities })}
            error={citiesError(zone, path, errors, errorText)}
          />
        </div>
      )}
      {onRemove && (
        <button type="button" onClick={onRemove} className={removeRowButtonClass}>
          {t('admin.delivery.zones.remove', { number })}
        </button>
      )}
    </FormRow>
  )
}

/** The zone's own message, or the first about one of its cities, named ("עכו: …"). */
function citiesError(
  zone: ZoneDraft,
  path: string,
  errors: DraftErrors,
  errorText: (message: string | undefined) => string | undefined,
): string | undefined {
  const own = errorText(errors[`${path}.cities`])
  if (own) return own
  const index = zone.cities.findIndex((_, at) => errors[`${path}.cities.${at}`])
  if (index < 0) return undefined
  return `${zone.cities[index]}: ${errorText(errors[`${path}.cities.${index}`])}`
}
