import type { ProductInput } from '@tavlin/contracts'
import type { CatalogForm as CatalogFormState } from '../../components/catalog-form/use-catalog-form'
import { TextAreaField, TextField } from '../../components/ui/form-field'
import { useTranslation } from '../../lib/i18n'
import type { ProductFormValues } from './category-picker'

type ProductCatalogForm = CatalogFormState<ProductFormValues, ProductInput>

/** The English name and the short description. */
export function ProductTexts({ catalogForm: { form, errorText } }: { catalogForm: ProductCatalogForm }) {
  const { t } = useTranslation()
  const errors = form.formState.errors
  return (
    <>
      <TextField
        label={t('admin.products.form.nameInEnglish')}
        note={t('forms.optional')}
        dir="ltr"
        error={errorText(errors.nameInEnglish?.message)}
        {...form.register('nameInEnglish')}
      />
      <TextAreaField
        label={t('admin.products.form.shortDescription')}
        error={errorText(errors.shortDescription?.message)}
        {...form.register('shortDescription')}
      />
      {/* The terms promise that perishable goods cannot be cancelled once shipped (consumer law
          §14ג(ד)(1)): the owner marks which they are (issue 35). Off by default. */}
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 font-semibold">
          <input type="checkbox" className="size-5 accent-primary" {...form.register('perishable')} />
          {t('admin.products.form.perishable')}
        </label>
        <p className="text-sm text-muted">{t('admin.products.form.perishableNote')}</p>
      </div>
      {/* Decision 293: kept and edited here, sold nowhere in the shop. Off by default. */}
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 font-semibold">
          <input
            type="checkbox"
            role="switch"
            className="size-5 accent-primary"
            {...form.register('isHidden')}
          />
          {t('admin.products.form.isHidden')}
        </label>
        <p className="text-sm text-muted">{t('admin.products.form.isHiddenNote')}</p>
      </div>
    </>
  )
}
