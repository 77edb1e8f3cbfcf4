import { useFieldArray, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ProductInputSchema, type Product, type ProductInput } from '@tavlin/contracts'
import { useCreateProduct, useUpdateProduct } from '../../api/products'
import { imageUploader } from '../../api/uploads'
import { CatalogFormFrame } from '../../components/catalog-form/catalog-form-frame'
import { EditableRow, RowList } from '../../components/catalog-form/row-list'
import { useCatalogForm } from '../../components/catalog-form/use-catalog-form'
import { TextAreaField, TextField } from '../../components/ui/form-field'
import { CategoryPicker, type ProductFormValues } from './category-picker'

// Number inputs start empty: undefined fails the schema with its own "must be positive" message.
const blankPrice = () => ({
  size: { sizeName: '', sizeQuantity: undefined as unknown as number },
  price: undefined as unknown as number,
})
const blankFeature = () => ({ title: '', description: '' })

const EMPTY: ProductFormValues = {
  name: '',
  nameInEnglish: '',
  shortDescription: '',
  image: '',
  pricing: [blankPrice()],
  categories: [],
  subCategories: [],
  features: { value: [blankFeature()] },
}

function toFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    nameInEnglish: product.nameInEnglish ?? '',
    shortDescription: product.shortDescription,
    image: product.image,
    pricing: product.pricing,
    categories: product.categories as ProductInput['categories'],
    subCategories: product.subCategories as ProductInput['subCategories'],
    features: product.features,
  }
}

const uploader = imageUploader('products')

type ProductFormProps = {
  /** The product being edited; absent when adding. */
  product?: Product | undefined
  onDone: () => void
  onCancel: () => void
}

/** Add or edit a product with every rule of spec §5; the rules come from the contract schema. */
export function ProductForm({ product, onDone, onCancel }: ProductFormProps) {
  const { t } = useTranslation()
  const catalogForm = useCatalogForm({
    schema: ProductInputSchema,
    id: product?._id,
    defaultValues: product ? toFormValues(product) : EMPTY,
    empty: EMPTY,
    create: useCreateProduct(),
    update: useUpdateProduct(),
    successText: t(product ? 'admin.products.updateSuccess' : 'admin.products.addSuccess'),
    onDone,
  })
  const { form, errorText } = catalogForm
  const { register, control, setValue } = form
  const { errors, isSubmitted } = form.formState
  const categoriesError = errors.categories?.root?.message ?? errors.categories?.message

  return (
    <CatalogFormFrame
      catalogForm={catalogForm}
      uploader={uploader}
      initialImage={product?.image}
      onCancel={onCancel}
      intro={() => (
        <>
          <TextField
            label={t('admin.products.form.nameInEnglish')}
            note={t('forms.optional')}
            dir="ltr"
            error={errorText(errors.nameInEnglish?.message)}
            {...register('nameInEnglish')}
          />
          <TextAreaField
            label={t('admin.products.form.shortDescription')}
            error={errorText(errors.shortDescription?.message)}
            {...register('shortDescription')}
          />
        </>
      )}
    >
      <PricingRows form={form} errorText={errorText} />
      <CategoryPicker control={control} setValue={setValue} shouldValidate={isSubmitted} />
      {categoriesError && (
        <p className="-mt-3 text-sm font-medium text-red-700 dark:text-red-300">
          {errorText(categoriesError)}
        </p>
      )}
      <FeatureRows form={form} errorText={errorText} />
    </CatalogFormFrame>
  )
}

type RowsProps = {
  form: UseFormReturn<ProductFormValues, unknown, ProductInput>
  errorText: (key: string | undefined) => string | undefined
}

/** Sizes, each with its quantity and price. */
function PricingRows({ form, errorText }: RowsProps) {
  const { t } = useTranslation()
  const { register, control } = form
  const errors = form.formState.errors
  const pricing = useFieldArray({ control, name: 'pricing' })
  return (
    <RowList
      legend={t('admin.products.form.pricing')}
      error={errorText(errors.pricing?.root?.message ?? errors.pricing?.message)}
      addLabel={t('admin.products.form.addPricing')}
      onAdd={() => pricing.append(blankPrice())}
    >
      {pricing.fields.map((field, index) => {
        const rowErrors = errors.pricing?.[index]
        return (
          <EditableRow
            key={field.id}
            rowLabel={t('admin.products.form.pricingRow', { n: index + 1 })}
            label={t('admin.products.form.removePricing', { n: index + 1 })}
            onRemove={() => pricing.remove(index)}
          >
            <TextField
              className="min-w-40 flex-1"
              label={t('admin.products.form.sizeName')}
              error={errorText(rowErrors?.size?.sizeName?.message)}
              {...register(`pricing.${index}.size.sizeName`)}
            />
            <TextField
              className="w-36"
              type="number"
              inputMode="decimal"
              step="any"
              dir="ltr"
              label={t('admin.products.form.sizeQuantity')}
              error={errorText(rowErrors?.size?.sizeQuantity?.message)}
              {...register(`pricing.${index}.size.sizeQuantity`, { valueAsNumber: true })}
            />
            <TextField
              className="w-36"
              type="number"
              inputMode="decimal"
              step="0.01"
              dir="ltr"
              label={t('admin.products.form.price')}
              error={errorText(rowErrors?.price?.message)}
              {...register(`pricing.${index}.price`, { valueAsNumber: true })}
            />
          </EditableRow>
        )
      })}
    </RowList>
  )
}

/** Title and description pairs shown on the product page. */
function FeatureRows({ form, errorText }: RowsProps) {
  const { t } = useTranslation()
  const { register, control } = form
  const errors = form.formState.errors
  const features = useFieldArray({ control, name: 'features.value' })
  return (
    <RowList
      legend={t('admin.products.form.features')}
      error={errorText(errors.features?.value?.root?.message ?? errors.features?.value?.message)}
      addLabel={t('admin.products.form.addFeature')}
      onAdd={() => features.append(blankFeature())}
    >
      {features.fields.map((field, index) => {
        const rowErrors = errors.features?.value?.[index]
        return (
          <EditableRow
            key={field.id}
            rowLabel={t('admin.products.form.featureRow', { n: index + 1 })}
            label={t('admin.products.form.removeFeature', { n: index + 1 })}
            onRemove={() => features.remove(index)}
          >
            <TextField
              className="min-w-40 flex-1"
              label={t('admin.products.form.featureTitle')}
              error={errorText(rowErrors?.title?.message)}
              {...register(`features.value.${index}.title`)}
            />
            <TextField
              className="min-w-56 flex-[2]"
              label={t('admin.products.form.featureDescription')}
              error={errorText(rowErrors?.description?.message)}
              {...register(`features.value.${index}.description`)}
            />
          </EditableRow>
        )
      })}
    </RowList>
  )
}
