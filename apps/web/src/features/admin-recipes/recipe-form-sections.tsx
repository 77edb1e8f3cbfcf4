import { useFieldArray, useWatch } from 'react-hook-form'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import type { z } from 'zod'
import {
  PAGE_SIZES,
  RECIPE_CATEGORIES,
  RECIPE_DIFFICULTIES,
  type RecipeInput,
  type RecipeInputSchema,
} from '@tavlin/contracts'
import { productQueries } from '../../api/products'
import { ProductOptions } from '../../components/catalog-form/product-options'
import { Checkbox, RemoveRowButton, RepeatedRows, RowList } from '../../components/catalog-form/row-list'
import type { CatalogForm as CatalogFormState } from '../../components/catalog-form/use-catalog-form'
import { FormSection } from '../../components/ui/admin-form'
import { selectClass } from '../../components/ui/data-table'
import { FieldShell, TextAreaField, TextField } from '../../components/ui/form-field'

export type RecipeFormValues = z.input<typeof RecipeInputSchema>

export const blankIngredient = () => ({ name: '', quantity: '' })
export const blankInstruction = () => ({ description: '' })

// The select offers the newest products, hidden ones too (decision 293: their link waits
// for them to be shown); a larger catalogue would want a search here.
const linkableProducts = { page: 1, limit: PAGE_SIZES.max }

type SectionProps = { catalogForm: CatalogFormState<RecipeFormValues, RecipeInput> }

/** Difficulty, preparation time and servings. */
export function RecipeDetails({ catalogForm: { form, errorText } }: SectionProps) {
  const { t } = useTranslation()
  const { register } = form
  const errors = form.formState.errors
  return (
    <div className="flex flex-wrap gap-3">
      <FieldShell
        className="w-44"
        label={t('admin.recipes.form.difficulty')}
        error={errorText(errors.difficulty?.message)}
      >
        {(controlProps) => (
          <select {...controlProps} className={selectClass} {...register('difficulty')}>
            <option value="">{t('admin.recipes.form.chooseDifficulty')}</option>
            {RECIPE_DIFFICULTIES.map((difficulty) => (
              <option key={difficulty} value={difficulty}>
                {t(`admin.recipes.difficulties.${difficulty}`)}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <TextField
        className="w-44"
        label={t('admin.recipes.form.prepTime')}
        error={errorText(errors.prepTime?.message)}
        {...register('prepTime')}
      />
      <TextField
        className="w-36"
        type="number"
        inputMode="numeric"
        min={1}
        dir="ltr"
        label={t('admin.recipes.form.servings')}
        error={errorText(errors.servings?.message)}
        {...register('servings', { valueAsNumber: true })}
      />
    </div>
  )
}

/** The recipe's categories as checkboxes. */
export function RecipeCategories({ catalogForm: { form, errorText } }: SectionProps) {
  const { t } = useTranslation()
  const { errors, isSubmitted } = form.formState
  const categories = useWatch({ control: form.control, name: 'categories' })

  function toggleCategory(category: (typeof RECIPE_CATEGORIES)[number], isChecked: boolean) {
    const { nameInEnglish, nameInHebrew } = category
    form.setValue(
      'categories',
      isChecked
        ? [...categories, { nameInEnglish, nameInHebrew }]
        : categories.filter((item) => item.nameInEnglish !== nameInEnglish),
      { shouldValidate: isSubmitted, shouldDirty: true },
    )
  }

  return (
    <FormSection
      legend={t('admin.form.categories')}
      error={errorText(errors.categories?.root?.message ?? errors.categories?.message)}
    >
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {RECIPE_CATEGORIES.map((category) => (
          <Checkbox
            key={category.nameInEnglish}
            label={category.nameInHebrew}
            isChecked={categories.some((item) => item.nameInEnglish === category.nameInEnglish)}
            onToggle={(isChecked) => toggleCategory(category, isChecked)}
          />
        ))}
      </div>
    </FormSection>
  )
}

/** Ingredients: name, quantity and, optionally, the product that sells it. */
export function IngredientRows({ catalogForm: { form, errorText } }: SectionProps) {
  const { t } = useTranslation()
  const { register, control } = form
  const errors = form.formState.errors
  const products = useQuery(productQueries.adminList(linkableProducts))
  const ingredients = useFieldArray({ control, name: 'ingredients' })
  return (
    <RepeatedRows
      fields={ingredients.fields}
      legend={t('admin.recipes.form.ingredients')}
      error={errorText(errors.ingredients?.root?.message ?? errors.ingredients?.message)}
      addLabel={t('admin.recipes.form.addIngredient')}
      onAdd={() => ingredients.append(blankIngredient())}
      rowLabel={(n) => t('admin.recipes.form.ingredientRow', { n })}
      removeLabel={(n) => t('admin.recipes.form.removeIngredient', { n })}
      onRemove={ingredients.remove}
      minRows={1}
    >
      {(index, n) => (
        <>
          <TextField
            className="min-w-40 flex-1"
            label={t('admin.recipes.form.ingredientName', { n })}
            error={errorText(errors.ingredients?.[index]?.name?.message)}
            {...register(`ingredients.${index}.name`)}
          />
          <TextField
            className="w-40"
            label={t('admin.recipes.form.ingredientQuantity', { n })}
            error={errorText(errors.ingredients?.[index]?.quantity?.message)}
            {...register(`ingredients.${index}.quantity`)}
          />
          <FieldShell
            className="w-52"
            label={t('admin.recipes.form.ingredientProduct', { n })}
            error={errorText(errors.ingredients?.[index]?.productId?.message)}
          >
            {(controlProps) => (
              <select
                {...controlProps}
                className={selectClass}
                {...register(`ingredients.${index}.productId`, {
                  setValueAs: (value: string) => value || undefined,
                })}
              >
                <option value="">{t('admin.recipes.form.noProduct')}</option>
                <ProductOptions products={products.data?.items} />
              </select>
            )}
          </FieldShell>
        </>
      )}
    </RepeatedRows>
  )
}

/** The numbered steps, each a text area. */
export function InstructionRows({ catalogForm: { form, errorText } }: SectionProps) {
  const { t } = useTranslation()
  const errors = form.formState.errors
  const instructions = useFieldArray({ control: form.control, name: 'instructions' })
  return (
    <RowList
      legend={t('admin.recipes.form.instructions')}
      error={errorText(errors.instructions?.root?.message ?? errors.instructions?.message)}
      addLabel={t('admin.recipes.form.addInstruction')}
      onAdd={() => instructions.append(blankInstruction())}
    >
      <ol className="flex flex-col gap-3">
        {instructions.fields.map((field, index) => (
          <li key={field.id} className="flex items-start gap-3">
            <TextAreaField
              className="flex-1"
              rows={2}
              label={t('admin.recipes.form.instructionStep', { n: index + 1 })}
              error={errorText(errors.instructions?.[index]?.description?.message)}
              {...form.register(`instructions.${index}.description`)}
            />
            <RemoveRowButton
              label={t('admin.recipes.form.removeInstruction', { n: index + 1 })}
              isDisabled={instructions.fields.length <= 1}
              onRemove={() => instructions.remove(index)}
            />
          </li>
        ))}
      </ol>
    </RowList>
  )
}
