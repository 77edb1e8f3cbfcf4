import type { ReactNode } from 'react'
import type { FieldValues, Path } from 'react-hook-form'
import type { ParseKeys } from '../../lib/i18n'
import { useTranslation } from '../../lib/i18n'
import type { z } from 'zod'
import { TextAreaField } from '../ui/form-field'
import type { ImageUploader } from '../ui/image-upload'
import { CatalogFormFrame } from './catalog-form-frame'
import { useCatalogForm, type CatalogForm as CatalogFormState, type SaveMutation } from './use-catalog-form'

/** What one admin catalogue form is made of: its schema, blank and saved values, save hooks and texts. */
export type CatalogFormKind<Values extends FieldValues, Input, Entity> = {
  schema: z.ZodType<Input, Values>
  empty: Values
  toFormValues: (entity: Entity) => Values
  uploader: ImageUploader
  useCreate: () => SaveMutation<Input>
  useUpdate: () => SaveMutation<{ id: string; input: Input }>
  successKeys: { added: ParseKeys; updated: ParseKeys }
}

type CatalogFormProps<Values extends FieldValues, Input, Entity> = {
  kind: CatalogFormKind<Values, Input, Entity>
  /** The entity being edited; absent when adding. */
  entity: Entity | undefined
  onDone: () => void
  onCancel: () => void
  /** Fields between the name and the image. */
  intro: (form: CatalogFormState<Values, Input>) => ReactNode
  /** The kind's own sections, after the image: components, so they register after the name. */
  children: (form: CatalogFormState<Values, Input>) => ReactNode
}

/** An admin catalogue form: the kind's own fields inside the one frame every kind shares. */
export function CatalogForm<
  Values extends FieldValues & { name: string; image: string },
  Input,
  Entity extends { _id: string; image: string },
>({ kind, entity, onDone, onCancel, intro, children }: CatalogFormProps<Values, Input, Entity>) {
  const { t } = useTranslation()
  const catalogForm = useCatalogForm({
    schema: kind.schema,
    id: entity?._id,
    defaultValues: entity ? kind.toFormValues(entity) : kind.empty,
    empty: kind.empty,
    create: kind.useCreate(),
    update: kind.useUpdate(),
    successText: t(entity ? kind.successKeys.updated : kind.successKeys.added),
    onDone,
  })
  return (
    <CatalogFormFrame
      catalogForm={catalogForm}
      uploader={kind.uploader}
      initialImage={entity?.image}
      onCancel={onCancel}
      intro={() => intro(catalogForm)}
    >
      {children(catalogForm)}
    </CatalogFormFrame>
  )
}

/** The description text area of recipes and packages. */
export function DescriptionField<Values extends FieldValues & { description?: string | undefined }, Input>({
  catalogForm: { form, errorText },
  isOptional = false,
}: {
  catalogForm: CatalogFormState<Values, Input>
  isOptional?: boolean
}) {
  const { t } = useTranslation()
  return (
    <TextAreaField
      label={t('admin.form.description')}
      note={isOptional ? t('forms.optional') : undefined}
      error={errorText(form.formState.errors.description?.message as string | undefined)}
      {...form.register('description' as Path<Values>)}
    />
  )
}
