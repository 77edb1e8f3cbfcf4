import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import { toast } from '../../lib/notify'
import type { z } from 'zod'
import { PackageInputSchema, type Package, type PackageInput } from '@tavlin/contracts'
import { useCreatePackage, useUpdatePackage } from '../../api/packages'
import { imageUploader } from '../../api/uploads'
import { FormActions } from '../../components/ui/admin-form'
import { TextAreaField, TextField } from '../../components/ui/form-field'
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
  ingredientsQuantity: EMPTY_NUMBER,
}

function toFormValues(pkg: Package): PackageFormValues {
  return {
    name: pkg.name,
    description: pkg.description ?? '',
    image: pkg.image,
    price: pkg.price,
    cookingTime: pkg.cookingTime,
    peoplesQuantity: pkg.peoplesQuantity,
    ingredientsQuantity: pkg.ingredientsQuantity,
    // Not edited here, but PUT replaces the package: without it the recipe link would be lost.
    ...(pkg.recipeId ? { recipeId: pkg.recipeId } : {}),
  }
}

const uploader = imageUploader('packages')
const NUMBER_FIELDS = [
  { name: 'price', label: 'admin.packages.form.price', step: '0.01' },
  { name: 'cookingTime', label: 'admin.packages.form.cookingTime', step: '1' },
  { name: 'peoplesQuantity', label: 'admin.packages.form.peoplesQuantity', step: '1' },
  { name: 'ingredientsQuantity', label: 'admin.packages.form.ingredientsQuantity', step: '1' },
] as const

type PackageFormProps = { pkg?: Package | undefined; onDone: () => void; onCancel: () => void }

/** Add or edit a package (spec §5): checked on submit, number inputs sent as numbers. */
export function PackageForm({ pkg, onDone, onCancel }: PackageFormProps) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const create = useCreatePackage()
  const update = useUpdatePackage()
  const showSaveError = useSaveErrorToast()
  // The upload control keeps its own file list; a new key empties it when the form resets.
  const [formRound, setFormRound] = useState(0)
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<PackageFormValues, unknown, PackageInput>({
    resolver: zodResolver(PackageInputSchema),
    defaultValues: pkg ? toFormValues(pkg) : EMPTY,
  })
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
      <FormActions isSaving={isSaving} onCancel={onCancel} />
    </form>
  )
}
