import { useWatch } from 'react-hook-form'
import {
  allergenNames,
  EMPTY_LABELLING,
  type AllergenName,
  type Nutrition,
  type Product,
  type ProductInput,
} from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { Checkbox } from '../../components/catalog-form/row-list'
import type { CatalogForm as CatalogFormState } from '../../components/catalog-form/use-catalog-form'
import { FormSection } from '../../components/ui/admin-form'
import { TextAreaField, TextField } from '../../components/ui/form-field'
import type { ProductFormValues } from './category-picker'

type ProductCatalogForm = CatalogFormState<ProductFormValues, ProductInput>

export const NUTRITION_FIELDS: ReadonlyArray<keyof Nutrition> = [
  'energyKcal',
  'proteinGrams',
  'carbohydrateGrams',
  'sugarGrams',
  'fatGrams',
  'saturatedFatGrams',
  'sodiumMilligrams',
  'fibreGrams',
]

// Number inputs start empty: all eight empty means "no table" (see withoutEmptyNutrition).
const blankNutrition = () =>
  Object.fromEntries(NUTRITION_FIELDS.map((key) => [key, undefined])) as unknown as Nutrition

export const emptyLabellingValues = () => ({ ...EMPTY_LABELLING, nutrition: blankNutrition() })

export function labellingFormValues(product: Product) {
  const labelling = product.labelling ?? EMPTY_LABELLING
  return { ...labelling, nutrition: labelling.nutrition ?? blankNutrition() }
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || Number.isNaN(value)

/** The form's values before the contract checks them: eight empty numbers mean no table. */
export function withoutEmptyNutrition(values: unknown): unknown {
  const labelling = (values as { labelling?: { nutrition?: Record<string, unknown> | null } }).labelling
  const nutrition = labelling?.nutrition
  if (!labelling || !nutrition) return values
  if (!NUTRITION_FIELDS.every((key) => isBlank(nutrition[key]))) return values
  return { ...(values as object), labelling: { ...labelling, nutrition: null } }
}

/** Ingredients, allergens, may contain, nutrition per 100 g, origin and storage (issue 18). */
export function LabellingFields({ catalogForm }: { catalogForm: ProductCatalogForm }) {
  const { t } = useTranslation()
  const { form, errorText } = catalogForm
  const errors = form.formState.errors.labelling
  return (
    <FormSection legend={t('foodLabelling.form.legend')}>
      <TextAreaField
        label={t('foodLabelling.form.ingredients')}
        error={errorText(errors?.ingredients?.message)}
        {...form.register('labelling.ingredients')}
      />
      <AllergenGroup catalogForm={catalogForm} name="allergens" />
      <AllergenGroup catalogForm={catalogForm} name="mayContain" />
      <NutritionFields catalogForm={catalogForm} />
      <TextField
        label={t('foodLabelling.form.countryOfOrigin')}
        error={errorText(errors?.countryOfOrigin?.message)}
        {...form.register('labelling.countryOfOrigin')}
      />
      <TextAreaField
        label={t('foodLabelling.form.storage')}
        error={errorText(errors?.storage?.message)}
        {...form.register('labelling.storage')}
      />
    </FormSection>
  )
}

type AllergenGroupProps = { catalogForm: ProductCatalogForm; name: 'allergens' | 'mayContain' }

/** The fixed list of major allergens as checkboxes with their Hebrew names. */
function AllergenGroup({ catalogForm: { form }, name }: AllergenGroupProps) {
  const { t } = useTranslation()
  const chosen: AllergenName[] = useWatch({ control: form.control, name: `labelling.${name}` }) ?? []
  function toggle(allergen: AllergenName, isChecked: boolean) {
    const next = isChecked ? [...chosen, allergen] : chosen.filter((item) => item !== allergen)
    form.setValue(`labelling.${name}`, next, { shouldDirty: true })
  }
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-ink">{t(`foodLabelling.form.${name}`)}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {allergenNames.map((allergen) => (
          <Checkbox
            key={allergen}
            label={t(`foodLabelling.allergenNames.${allergen}`)}
            isChecked={chosen.includes(allergen)}
            onToggle={(isChecked) => toggle(allergen, isChecked)}
          />
        ))}
      </div>
    </fieldset>
  )
}

/** Eight numbers per 100 g; the red symbols are computed from them, never typed. */
function NutritionFields({ catalogForm: { form, errorText } }: { catalogForm: ProductCatalogForm }) {
  const { t } = useTranslation()
  const errors = form.formState.errors.labelling?.nutrition
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-ink">{t('foodLabelling.form.nutrition')}</legend>
      <p className="text-sm text-muted">{t('foodLabelling.form.nutritionNote')}</p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {NUTRITION_FIELDS.map((key) => (
          <TextField
            key={key}
            type="number"
            inputMode="decimal"
            step="any"
            dir="ltr"
            label={t(`foodLabelling.nutrients.${key}`)}
            error={errorText(errors?.[key]?.message)}
            {...form.register(`labelling.nutrition.${key}`, { valueAsNumber: true })}
          />
        ))}
      </div>
    </fieldset>
  )
}
