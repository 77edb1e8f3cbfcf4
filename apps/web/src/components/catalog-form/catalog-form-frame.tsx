import type { ReactNode } from 'react'
import type { FieldValues, Path, PathValue } from 'react-hook-form'
import { useTranslation } from '../../lib/i18n'
import { FormActions } from '../ui/admin-form'
import { TextField } from '../ui/form-field'
import { ImageUpload, type ImageUploader } from '../ui/image-upload'
import type { CatalogForm } from './use-catalog-form'

type CatalogFormFrameProps<Values extends FieldValues, Input> = {
  catalogForm: CatalogForm<Values, Input>
  uploader: ImageUploader
  /** The saved image when editing. */
  initialImage: string | undefined
  /**
   * Fields between the name and the image (descriptions). A function, so they register
   * after the name: the first invalid field in that order takes the focus.
   */
  intro: () => ReactNode
  /** The kind's own fields and rows, after the image. */
  children: ReactNode
  onCancel: () => void
}

/**
 * What every admin catalogue form has: the name, the image upload, the kind's own fields,
 * and save and cancel, as one form that the screen reader knows is busy while saving.
 */
export function CatalogFormFrame<Values extends FieldValues & { name: string; image: string }, Input>({
  catalogForm,
  uploader,
  initialImage,
  intro,
  children,
  onCancel,
}: CatalogFormFrameProps<Values, Input>) {
  const { t } = useTranslation()
  const { form, onSubmit, isSaving, formRound, errorText } = catalogForm
  const { errors, isSubmitted } = form.formState
  const setImage = (urls: string[]) =>
    form.setValue('image' as Path<Values>, (urls[0] ?? '') as PathValue<Values, Path<Values>>, {
      shouldValidate: isSubmitted,
      shouldDirty: true,
    })

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isSaving} className="flex max-w-3xl flex-col gap-5">
      <TextField
        label={t('admin.form.name')}
        error={errorText(errors.name?.message as string | undefined)}
        {...form.register('name' as Path<Values>)}
      />
      {intro()}
      <ImageUpload
        key={formRound}
        label={t('admin.form.image')}
        uploader={uploader}
        initialUrls={initialImage ? [initialImage] : []}
        isRequired
        onChange={setImage}
        error={errorText(errors.image?.message as string | undefined)}
      />
      {children}
      <FormActions isSaving={isSaving} onCancel={onCancel} />
    </form>
  )
}
