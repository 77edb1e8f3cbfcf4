import { useTranslation } from '../../lib/i18n'
import { useWatch } from 'react-hook-form'
import {
  PACKAGE_SUB_CATEGORIES,
  PackageInputSchema,
  type Package,
  type PackageInput,
} from '@tavlin/contracts'
import { useCreatePackage, useUpdatePackage } from '../../api/packages'
import { imageUploader } from '../../api/uploads'
import {
  CatalogForm,
  DescriptionField,
  type CatalogFormKind,
} from '../../components/catalog-form/catalog-form'
import { Checkbox } from '../../components/catalog-form/row-list'
import { asStock } from '../../components/catalog-form/stock-field'
import { FormSection } from '../../components/ui/admin-form'
import { TextField } from '../../components/ui/form-field'
import { PackageItemRows, blankItem, type PackageFormValues } from './package-item-rows'
import { PackageRecipeField } from './package-recipe-field'

const EMPTY_NUMBER = undefined as unknown as number
const EMPTY: PackageFormValues = {
  name: '',
  description: '',
  image: '',
  price: EMPTY_NUMBER,
  cookingTime: EMPTY_NUMBER,
  peoplesQuantity: EMPTY_NUMBER,
  items: [blankItem()],
  stock: null,
  subCategories: [],
}

function toFormValues(pkg: Package): PackageFormValues {
  return {
    name: pkg.name,
    description: pkg.description ?? '',
    image: pkg.image,
    price: pkg.price,
    cookingTime: pkg.cookingTime,
    peoplesQuantity: pkg.peoplesQuantity,
    items: pkg.items.map(({ productId, sizeName, quantity }) => ({ productId, sizeName, quantity })),
    stock: pkg.stock ?? null,
    subCategories: pkg.subCategories as NonNullable<PackageInput['subCategories']>,
    ...(pkg.recipeId ? { recipeId: pkg.recipeId } : {}),
  }
}

const NUMBER_FIELDS = [
  { name: 'price', label: 'admin.packages.form.price', step: '0.01' },
  { name: 'cookingTime', label: 'admin.packages.form.cookingTime', step: '1' },
  { name: 'peoplesQuantity', label: 'admin.packages.form.peoplesQuantity', step: '1' },
] as const

const packageFormKind: CatalogFormKind<PackageFormValues, PackageInput, Package> = {
  schema: PackageInputSchema,
  empty: EMPTY,
  toFormValues,
  uploader: imageUploader('packages'),
  useCreate: useCreatePackage,
  useUpdate: useUpdatePackage,
  successKeys: { added: 'admin.packages.addSuccess', updated: 'admin.packages.updateSuccess' },
}

type PackageFormProps = { pkg?: Package | undefined; onDone: () => void; onCancel: () => void }

/**
 * Add or edit a package (spec §5): checked on submit, number inputs sent as numbers. The
 * contents are rows of product, size and quantity; the ingredients count is their number.
 */
export function PackageForm({ pkg, onDone, onCancel }: PackageFormProps) {
  return (
    <CatalogForm
      kind={packageFormKind}
      entity={pkg}
      onDone={onDone}
      onCancel={onCancel}
      intro={(catalogForm) => <DescriptionField catalogForm={catalogForm} isOptional />}
    >
      {(catalogForm) => (
        <>
          <PackageNumbers catalogForm={catalogForm} />
          <PackageRecipeField catalogForm={catalogForm} pkg={pkg} />
          <PackageKinds catalogForm={catalogForm} />
          <PackageItemRows catalogForm={catalogForm} held={pkg?.items ?? []} />
        </>
      )}
    </CatalogForm>
  )
}

type PackageNumbersProps = Pick<Parameters<typeof PackageItemRows>[0], 'catalogForm'>

/** Price, cooking time, people and stock (empty: not tracked), sent as numbers. */
function PackageNumbers({ catalogForm: { form, errorText } }: PackageNumbersProps) {
  const { t } = useTranslation()
  const errors = form.formState.errors
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {NUMBER_FIELDS.map((field) => (
        <TextField
          key={field.name}
          type="number"
          inputMode={field.step === '1' ? 'numeric' : 'decimal'}
          step={field.step}
          dir="ltr"
          label={t(field.label)}
          error={errorText(errors[field.name]?.message)}
          {...form.register(field.name, { valueAsNumber: true })}
        />
      ))}
      <TextField
        type="number"
        inputMode="numeric"
        step="1"
        min="0"
        dir="ltr"
        label={t('admin.stock.field')}
        hint={t('admin.stock.fieldHint')}
        error={errorText(errors.stock?.message)}
        {...form.register('stock', { setValueAs: asStock })}
      />
    </div>
  )
}

/** Spec §3's subcategories of "packages": the kinds shoppers filter the packages page by. */
function PackageKinds({ catalogForm: { form } }: PackageNumbersProps) {
  const { t } = useTranslation()
  const chosen = useWatch({ control: form.control, name: 'subCategories' }) ?? []
  const toggle = (kind: (typeof PACKAGE_SUB_CATEGORIES)[number], isChecked: boolean) =>
    form.setValue(
      'subCategories',
      isChecked
        ? [...chosen, { ...kind }]
        : chosen.filter((item) => item.nameInEnglish !== kind.nameInEnglish),
      { shouldDirty: true },
    )
  return (
    <FormSection legend={t('admin.packages.form.kinds')}>
      <p className="text-sm text-muted">{t('admin.packages.form.kindsHint')}</p>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {PACKAGE_SUB_CATEGORIES.map((kind) => (
          <Checkbox
            key={kind.nameInEnglish}
            label={kind.nameInHebrew}
            isChecked={chosen.some((item) => item.nameInEnglish === kind.nameInEnglish)}
            onToggle={(isChecked) => toggle(kind, isChecked)}
          />
        ))}
      </div>
    </FormSection>
  )
}
