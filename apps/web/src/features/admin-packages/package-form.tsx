import { useState } from 'react'
import { useFieldArray, useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import type { z } from 'zod'
import { PAGE_SIZES, PackageInputSchema, type Package, type PackageInput } from '@tavlin/contracts'
import { useCreatePackage, useUpdatePackage } from '../../api/packages'
import { productQueries } from '../../api/products'
import { imageUploader } from '../../api/uploads'
import {
  FormActions,
  FormRow,
  FormSection,
  addRowButtonClass,
  removeRowButtonClass,
} from '../../components/ui/admin-form'
import { selectClass } from '../../components/ui/data-table'
import { FieldShell, TextAreaField, TextField } from '../../components/ui/form-field'
import { ImageUpload } from '../../components/ui/image-upload'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { useErrorText } from '../../hooks/use-error-text'
import { applyServerFieldErrors } from '../../lib/server-errors'

type PackageFormValues = z.input<typeof PackageInputSchema>

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

function blankItem(): PackageFormValues['items'][number] {
  return { productId: '', sizeName: '', quantity: 1 }
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
// The product picker offers the newest products (and any product the package already
// holds); a larger catalogue would want a search here, as the recipe form notes too.
const pickableProducts = { page: 1, limit: PAGE_SIZES.max }

type PackageFormProps = { pkg?: Package | undefined; onDone: () => void; onCancel: () => void }

/**
 * Add or edit a package (spec §5): checked on submit, number inputs sent as numbers. The
 * contents are rows of product, size and quantity; the ingredients count is their number.
 */
export function PackageForm({ pkg, onDone, onCancel }: PackageFormProps) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const create = useCreatePackage()
  const update = useUpdatePackage()
  const showSaveError = useSaveErrorToast()
  // The upload control keeps its own file list; a new key empties it when the form resets.
  const [formRound, setFormRound] = useState(0)
  const products = useQuery(productQueries.list(pickableProducts))
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<PackageFormValues, unknown, PackageInput>({
    resolver: zodResolver(PackageInputSchema),
    defaultValues: pkg ? toFormValues(pkg) : EMPTY,
  })
  const items = useFieldArray({ control, name: 'items' })
  const chosen = useWatch({ control, name: 'items' })
  // Products the package holds that the picker's page does not list keep their option.
  const held = (pkg?.items ?? []).filter(
    (item) => !products.data?.items.some((product) => product._id === item.productId),
  )
  const sizesOf = (productId: string): string[] => {
    const product = products.data?.items.find((candidate) => candidate._id === productId)
    if (product) return product.pricing.map((option) => option.size.sizeName)
    return (pkg?.items ?? []).filter((item) => item.productId === productId).map((item) => item.sizeName)
  }
  const isSaving = create.isPending || update.isPending

  const onSubmit = handleSubmit((input) => {
    const callbacks = {
      onSuccess: () => {
        toast.success(t(pkg ? 'admin.packages.updateSuccess' : 'admin.packages.addSuccess'))
        reset(EMPTY)
        setFormRound((round) => round + 1)
        onDone()
      },
      onError: (error: unknown) => {
        applyServerFieldErrors(error, setError)
        showSaveError(error)
      },
    }
    if (pkg) update.mutate({ id: pkg._id, input }, callbacks)
    else create.mutate(input, callbacks)
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isSaving} className="flex max-w-3xl flex-col gap-5">
      <TextField label={t('admin.form.name')} error={errorText(errors.name?.message)} {...register('name')} />
      <TextAreaField
        label={t('admin.form.description')}
        note={t('forms.optional')}
        error={errorText(errors.description?.message)}
        {...register('description')}
      />
      <ImageUpload
        key={formRound}
        label={t('admin.form.image')}
        uploader={uploader}
        initialUrls={pkg ? [pkg.image] : []}
        isRequired
        onChange={(urls) =>
          setValue('image', urls[0] ?? '', { shouldValidate: isSubmitted, shouldDirty: true })
        }
        error={errorText(errors.image?.message)}
      />
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
            {...register(field.name, { valueAsNumber: true })}
          />
        ))}
      </div>

      <FormSection
        legend={t('admin.packages.form.items')}
        error={errorText(errors.items?.root?.message ?? errors.items?.message)}
      >
        {items.fields.map((field, index) => {
          const rowErrors = errors.items?.[index]
          const n = index + 1
          const productId = chosen?.[index]?.productId ?? ''
          const sizes = productId ? sizesOf(productId) : []
          return (
            <FormRow key={field.id} label={t('admin.packages.form.itemRow', { n })}>
              <FieldShell
                className="min-w-48 flex-1"
                label={t('admin.packages.form.itemProduct', { n })}
                error={errorText(rowErrors?.productId?.message)}
              >
                {(controlProps) => (
                  <select
                    {...controlProps}
                    className={selectClass}
                    {...register(`items.${index}.productId`, {
                      // A new product starts in its first size.
                      onChange: (event: { target: { value: string } }) =>
                        setValue(`items.${index}.sizeName`, sizesOf(event.target.value)[0] ?? '', {
                          shouldValidate: isSubmitted,
                        }),
                    })}
                  >
                    <option value="">{t('admin.packages.form.chooseProduct')}</option>
                    {held.map((item) => (
                      <option key={`held-${item.productId}-${item.sizeName}`} value={item.productId}>
                        {item.productName}
                      </option>
                    ))}
                    {products.data?.items.map((product) => (
                      <option key={product._id} value={product._id}>
                        {product.name}
                      </option>
                    ))}
                  </select>
                )}
              </FieldShell>
              <FieldShell
                // A new product remounts the size select, so it shows the size set for it.
                key={productId}
                className="w-40"
                label={t('admin.packages.form.itemSize', { n })}
                error={errorText(rowErrors?.sizeName?.message)}
              >
                {(controlProps) => (
                  <select {...controlProps} className={selectClass} {...register(`items.${index}.sizeName`)}>
                    <option value="">{t('admin.packages.form.chooseSize')}</option>
                    {sizes.map((size) => (
                      <option key={size} value={size}>
                        {size}
                      </option>
                    ))}
                  </select>
                )}
              </FieldShell>
              <TextField
                className="w-28"
                type="number"
                inputMode="numeric"
                step="1"
                min="1"
                dir="ltr"
                label={t('admin.packages.form.itemQuantity', { n })}
                error={errorText(rowErrors?.quantity?.message)}
                {...register(`items.${index}.quantity`, { valueAsNumber: true })}
              />
              <button
                type="button"
                className={removeRowButtonClass}
                disabled={items.fields.length <= 1}
                onClick={() => items.remove(index)}
                aria-label={t('admin.packages.form.removeItem', { n })}
              >
                ✕
              </button>
            </FormRow>
          )
        })}
        <button type="button" className={addRowButtonClass} onClick={() => items.append(blankItem())}>
          {t('admin.packages.form.addItem')}
        </button>
      </FormSection>
      <FormActions isSaving={isSaving} onCancel={onCancel} />
    </form>
  )
}
