import { useState } from 'react'
import { useFieldArray, useForm, useWatch, type Control, type UseFormSetValue } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import type { z } from 'zod'
import {
  PRODUCT_CATEGORIES,
  ProductInputSchema,
  subCategoriesOf,
  type Product,
  type ProductInput,
} from '@tavlin/contracts'
import { useCreateProduct, useUpdateProduct } from '../../api/products'
import { imageUploader } from '../../api/uploads'
import {
  FormActions,
  FormRow,
  FormSection,
  addRowButtonClass,
  removeRowButtonClass,
} from '../../components/ui/admin-form'
import { TextAreaField, TextField } from '../../components/ui/form-field'
import { ImageUpload } from '../../components/ui/image-upload'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { useErrorText } from '../../hooks/use-error-text'
import { applyServerFieldErrors } from '../../lib/server-errors'

type ProductFormValues = z.input<typeof ProductInputSchema>

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
  const errorText = useErrorText()
  const create = useCreateProduct()
  const update = useUpdateProduct()
  const showSaveError = useSaveErrorToast()
  // The upload control keeps its own file list; a new key empties it when the form resets.
  const [formRound, setFormRound] = useState(0)
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(ProductInputSchema),
    defaultValues: product ? toFormValues(product) : EMPTY,
  })
  const pricing = useFieldArray({ control, name: 'pricing' })
  const features = useFieldArray({ control, name: 'features.value' })
  const isSaving = create.isPending || update.isPending

  const onSubmit = handleSubmit((input) => {
    const callbacks = {
      onSuccess: () => {
        toast.success(t(product ? 'admin.products.updateSuccess' : 'admin.products.addSuccess'))
        reset(EMPTY)
        setFormRound((round) => round + 1)
        onDone()
      },
      onError: (error: unknown) => {
        applyServerFieldErrors(error, setError)
        showSaveError(error)
      },
    }
    if (product) update.mutate({ id: product._id, input }, callbacks)
    else create.mutate(input, callbacks)
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isSaving} className="flex max-w-3xl flex-col gap-5">
      <TextField label={t('admin.form.name')} error={errorText(errors.name?.message)} {...register('name')} />
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
      <ImageUpload
        key={formRound}
        label={t('admin.form.image')}
        uploader={uploader}
        initialUrls={product ? [product.image] : []}
        isRequired
        onChange={(urls) =>
          setValue('image', urls[0] ?? '', { shouldValidate: isSubmitted, shouldDirty: true })
        }
        error={errorText(errors.image?.message)}
      />

      <FormSection
        legend={t('admin.products.form.pricing')}
        error={errorText(errors.pricing?.root?.message ?? errors.pricing?.message)}
      >
        {pricing.fields.map((field, index) => {
          const rowErrors = errors.pricing?.[index]
          return (
            <FormRow key={field.id} label={t('admin.products.form.pricingRow', { n: index + 1 })}>
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
              <button
                type="button"
                className={removeRowButtonClass}
                onClick={() => pricing.remove(index)}
                aria-label={t('admin.products.form.removePricing', { n: index + 1 })}
              >
                ✕
              </button>
            </FormRow>
          )
        })}
        <button type="button" className={addRowButtonClass} onClick={() => pricing.append(blankPrice())}>
          {t('admin.products.form.addPricing')}
        </button>
      </FormSection>

      <CategoryPicker control={control} setValue={setValue} shouldValidate={isSubmitted} />
      {(errors.categories?.root?.message ?? errors.categories?.message) && (
        <p className="-mt-3 text-sm font-medium text-red-700 dark:text-red-300">
          {errorText(errors.categories?.root?.message ?? errors.categories?.message)}
        </p>
      )}

      <FormSection
        legend={t('admin.products.form.features')}
        error={errorText(errors.features?.value?.root?.message ?? errors.features?.value?.message)}
      >
        {features.fields.map((field, index) => {
          const rowErrors = errors.features?.value?.[index]
          return (
            <FormRow key={field.id} label={t('admin.products.form.featureRow', { n: index + 1 })}>
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
              <button
                type="button"
                className={removeRowButtonClass}
                onClick={() => features.remove(index)}
                aria-label={t('admin.products.form.removeFeature', { n: index + 1 })}
              >
                ✕
              </button>
            </FormRow>
          )
        })}
        <button type="button" className={addRowButtonClass} onClick={() => features.append(blankFeature())}>
          {t('admin.products.form.addFeature')}
        </button>
      </FormSection>

      <FormActions isSaving={isSaving} onCancel={onCancel} />
    </form>
  )
}

type CategoryPickerProps = {
  control: Control<ProductFormValues, unknown, ProductInput>
  setValue: UseFormSetValue<ProductFormValues>
  shouldValidate: boolean
}

/**
 * Main categories as checkboxes; a category's subcategories appear only while it is
 * selected, and deselecting it drops them (spec §5).
 */
function CategoryPicker({ control, setValue, shouldValidate }: CategoryPickerProps) {
  const { t } = useTranslation()
  const categories = useWatch({ control, name: 'categories' })
  const subCategories = useWatch({ control, name: 'subCategories' }) ?? []
  const options = { shouldValidate, shouldDirty: true }

  function toggleCategory(category: (typeof PRODUCT_CATEGORIES)[number], isChecked: boolean) {
    const { nameInEnglish, nameInHebrew } = category
    if (isChecked) {
      setValue('categories', [...categories, { nameInEnglish, nameInHebrew }], options)
      return
    }
    setValue(
      'categories',
      categories.filter((item) => item.nameInEnglish !== nameInEnglish),
      options,
    )
    setValue(
      'subCategories',
      subCategories.filter((sub) => sub.nameOfParentCategory !== nameInEnglish),
      options,
    )
  }

  function toggleSubCategory(sub: ReturnType<typeof subCategoriesOf>[number], isChecked: boolean) {
    const { nameInEnglish, nameInHebrew, nameOfParentCategory } = sub
    setValue(
      'subCategories',
      isChecked
        ? [...subCategories, { nameInEnglish, nameInHebrew, nameOfParentCategory }]
        : subCategories.filter((item) => item.nameInEnglish !== nameInEnglish),
      options,
    )
  }

  return (
    <FormSection legend={t('admin.form.categories')}>
      <ul className="flex flex-col gap-2">
        {PRODUCT_CATEGORIES.map((category) => {
          const isSelected = categories.some((item) => item.nameInEnglish === category.nameInEnglish)
          const subs = subCategoriesOf(category.nameInEnglish)
          return (
            <li key={category.nameInEnglish}>
              <label className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={isSelected}
                  onChange={(event) => toggleCategory(category, event.target.checked)}
                />
                {category.nameInHebrew}
              </label>
              {isSelected && subs.length > 0 && (
                <fieldset className="ms-6 mt-1 flex flex-wrap gap-x-4 gap-y-1">
                  <legend className="sr-only">
                    {t('admin.form.subCategoriesOf', { category: category.nameInHebrew })}
                  </legend>
                  {subs.map((sub) => (
                    <label key={sub.nameInEnglish} className="inline-flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={subCategories.some((item) => item.nameInEnglish === sub.nameInEnglish)}
                        onChange={(event) => toggleSubCategory(sub, event.target.checked)}
                      />
                      {sub.nameInHebrew}
                    </label>
                  ))}
                </fieldset>
              )}
            </li>
          )
        })}
      </ul>
    </FormSection>
  )
}
