import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form'
import { useTranslation } from '../../lib/i18n'
import type { z } from 'zod'
import {
  PRODUCT_CATEGORIES,
  subCategoriesOf,
  type ProductInput,
  type ProductInputSchema,
} from '@tavlin/contracts'
import { Checkbox } from '../../components/catalog-form/row-list'
import { FormSection } from '../../components/ui/admin-form'

export type ProductFormValues = z.input<typeof ProductInputSchema>

type CategoryPickerProps = {
  control: Control<ProductFormValues, unknown, ProductInput>
  setValue: UseFormSetValue<ProductFormValues>
  shouldValidate: boolean
}

/**
 * Main categories as checkboxes; a category's subcategories appear only while it is
 * selected, and deselecting it drops them (spec §5).
 */
export function CategoryPicker({ control, setValue, shouldValidate }: CategoryPickerProps) {
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
              <Checkbox
                label={category.nameInHebrew}
                isChecked={isSelected}
                onToggle={(isChecked) => toggleCategory(category, isChecked)}
              />
              {isSelected && subs.length > 0 && (
                <fieldset className="ms-6 mt-1 flex flex-wrap gap-x-4 gap-y-1">
                  <legend className="sr-only">
                    {t('admin.form.subCategoriesOf', { category: category.nameInHebrew })}
                  </legend>
                  {subs.map((sub) => (
                    <Checkbox
                      key={sub.nameInEnglish}
                      className="text-sm"
                      label={sub.nameInHebrew}
                      isChecked={subCategories.some((item) => item.nameInEnglish === sub.nameInEnglish)}
                      onToggle={(isChecked) => toggleSubCategory(sub, isChecked)}
                    />
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
