import { useTranslation } from 'react-i18next'
import { PackageInputSchema, type Package } from '@tavlin/contracts'
import { useCreatePackage, useUpdatePackage } from '../../api/packages'
import { imageUploader } from '../../api/uploads'
import { CatalogFormFrame } from '../../components/catalog-form/catalog-form-frame'
import { useCatalogForm } from '../../components/catalog-form/use-catalog-form'
import { TextAreaField, TextField } from '../../components/ui/form-field'
import { PackageItemRows, blankItem, type PackageFormValues } from './package-item-rows'

const EMPTY_NUMBER = undefined as unknown as number
const EMPTY: PackageFormValues = {
  name: '',
  description: '',
  image: '',
  price: EMPTY_NUMBER,
  cookingTime: EMPTY_NUMBER,
  peoplesQuantity: EMPTY_NUMBER,
  items: [blankItem()],
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
    // Not edited here, but PUT replaces the package: without it the recipe link would be lost.
    ...(pkg.recipeId ? { recipeId: pkg.recipeId } : {}),
  }
}

const uploader = imageUploader('packages')
const NUMBER_FIELDS = [
  { name: 'price', label: 'admin.packages.form.price', step: '0.01' },
  { name: 'cookingTime', label: 'admin.packages.form.cookingTime', step: '1' },
  { name: 'peoplesQuantity', label: 'admin.packages.form.peoplesQuantity', step: '1' },
] as const

type PackageFormProps = { pkg?: Package | undefined; onDone: () => void; onCancel: () => void }

/**
 * Add or edit a package (spec §5): checked on submit, number inputs sent as numbers. The
 * contents are rows of product, size and quantity; the ingredients count is their number.
 */
export function PackageForm({ pkg, onDone, onCancel }: PackageFormProps) {
  const { t } = useTranslation()
  const catalogForm = useCatalogForm({
    schema: PackageInputSchema,
    id: pkg?._id,
    defaultValues: pkg ? toFormValues(pkg) : EMPTY,
    empty: EMPTY,
    create: useCreatePackage(),
    update: useUpdatePackage(),
    successText: t(pkg ? 'admin.packages.updateSuccess' : 'admin.packages.addSuccess'),
    onDone,
  })
  const { form, errorText } = catalogForm
  const errors = form.formState.errors

  return (
    <CatalogFormFrame
      catalogForm={catalogForm}
      uploader={uploader}
      initialImage={pkg?.image}
      onCancel={onCancel}
      intro={() => (
        <TextAreaField
          label={t('admin.form.description')}
          note={t('forms.optional')}
          error={errorText(errors.description?.message)}
          {...form.register('description')}
        />
      )}
    >
      <PackageNumbers form={form} errorText={errorText} />
      <PackageItemRows form={form} errorText={errorText} held={pkg?.items ?? []} />
    </CatalogFormFrame>
  )
}

type PackageNumbersProps = Pick<Parameters<typeof PackageItemRows>[0], 'form' | 'errorText'>

/** Price, cooking time and people, sent as numbers. */
function PackageNumbers({ form, errorText }: PackageNumbersProps) {
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
    </div>
  )
}
