import { useState } from 'react'
import { useFieldArray, useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import type { z } from 'zod'
import {
  PAGE_SIZES,
  RECIPE_CATEGORIES,
  RECIPE_DIFFICULTIES,
  RecipeInputSchema,
  type Recipe,
  type RecipeInput,
} from '@tavlin/contracts'
import { productQueries } from '../../api/products'
import { useCreateRecipe, useUpdateRecipe } from '../../api/recipes'
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

type RecipeFormValues = z.input<typeof RecipeInputSchema>

const blankIngredient = () => ({ name: '', quantity: '' })
const blankInstruction = () => ({ description: '' })

// Spec §5: a first blank ingredient and instruction row is there from the start.
const EMPTY: RecipeFormValues = {
  name: '',
  description: '',
  image: '',
  difficulty: '' as RecipeInput['difficulty'],
  prepTime: '',
  servings: undefined as unknown as number,
  categories: [],
  ingredients: [blankIngredient()],
  instructions: [blankInstruction()],
}

function toFormValues(recipe: Recipe): RecipeFormValues {
  return {
    name: recipe.name,
    description: recipe.description,
    image: recipe.image,
    difficulty: recipe.difficulty,
    prepTime: recipe.prepTime,
    servings: recipe.servings,
    categories: recipe.categories as RecipeInput['categories'],
    ingredients: recipe.ingredients.map(({ name, quantity, productId }) => ({
      name,
      quantity,
      ...(productId ? { productId } : {}),
    })),
    instructions: [...recipe.instructions]
      .sort((a, b) => a.step - b.step)
      .map(({ description }) => ({ description })),
  }
}

const uploader = imageUploader('recipes')
// The select offers the newest products; a larger catalogue would want a search here.
const linkableProducts = { page: 1, limit: PAGE_SIZES.max }

type RecipeFormProps = { recipe?: Recipe | undefined; onDone: () => void; onCancel: () => void }

/** Add or edit a recipe with the rules of spec §5. */
export function RecipeForm({ recipe, onDone, onCancel }: RecipeFormProps) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const create = useCreateRecipe()
  const update = useUpdateRecipe()
  const products = useQuery(productQueries.list(linkableProducts))
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
  } = useForm<RecipeFormValues, unknown, RecipeInput>({
    resolver: zodResolver(RecipeInputSchema),
    defaultValues: recipe ? toFormValues(recipe) : EMPTY,
  })
  const ingredients = useFieldArray({ control, name: 'ingredients' })
  const instructions = useFieldArray({ control, name: 'instructions' })
  const categories = useWatch({ control, name: 'categories' })
  const isSaving = create.isPending || update.isPending

  const onSubmit = handleSubmit((input) => {
    const callbacks = {
      onSuccess: () => {
        toast.success(t(recipe ? 'admin.recipes.updateSuccess' : 'admin.recipes.addSuccess'))
        reset(EMPTY)
        setFormRound((round) => round + 1)
        onDone()
      },
      onError: (error: unknown) => {
        applyServerFieldErrors(error, setError)
        showSaveError(error)
      },
    }
    if (recipe) update.mutate({ id: recipe._id, input }, callbacks)
    else create.mutate(input, callbacks)
  })

  function toggleCategory(category: (typeof RECIPE_CATEGORIES)[number], isChecked: boolean) {
    const { nameInEnglish, nameInHebrew } = category
    setValue(
      'categories',
      isChecked
        ? [...categories, { nameInEnglish, nameInHebrew }]
        : categories.filter((item) => item.nameInEnglish !== nameInEnglish),
      { shouldValidate: isSubmitted, shouldDirty: true },
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isSaving} className="flex max-w-3xl flex-col gap-5">
      <TextField label={t('admin.form.name')} error={errorText(errors.name?.message)} {...register('name')} />
      <TextAreaField
        label={t('admin.form.description')}
        error={errorText(errors.description?.message)}
        {...register('description')}
      />
      <ImageUpload
        key={formRound}
        label={t('admin.form.image')}
        uploader={uploader}
        initialUrls={recipe ? [recipe.image] : []}
        isRequired
        onChange={(urls) =>
          setValue('image', urls[0] ?? '', { shouldValidate: isSubmitted, shouldDirty: true })
        }
        error={errorText(errors.image?.message)}
      />
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

      <FormSection
        legend={t('admin.form.categories')}
        error={errorText(errors.categories?.root?.message ?? errors.categories?.message)}
      >
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {RECIPE_CATEGORIES.map((category) => (
            <label key={category.nameInEnglish} className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={categories.some((item) => item.nameInEnglish === category.nameInEnglish)}
                onChange={(event) => toggleCategory(category, event.target.checked)}
              />
              {category.nameInHebrew}
            </label>
          ))}
        </div>
      </FormSection>

      <FormSection
        legend={t('admin.recipes.form.ingredients')}
        error={errorText(errors.ingredients?.root?.message ?? errors.ingredients?.message)}
      >
        {ingredients.fields.map((field, index) => {
          const rowErrors = errors.ingredients?.[index]
          const n = index + 1
          return (
            <FormRow key={field.id} label={t('admin.recipes.form.ingredientRow', { n })}>
              <TextField
                className="min-w-40 flex-1"
                label={t('admin.recipes.form.ingredientName', { n })}
                error={errorText(rowErrors?.name?.message)}
                {...register(`ingredients.${index}.name`)}
              />
              <TextField
                className="w-40"
                label={t('admin.recipes.form.ingredientQuantity', { n })}
                error={errorText(rowErrors?.quantity?.message)}
                {...register(`ingredients.${index}.quantity`)}
              />
              <FieldShell
                className="w-52"
                label={t('admin.recipes.form.ingredientProduct', { n })}
                error={errorText(rowErrors?.productId?.message)}
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
                    {products.data?.items.map((product) => (
                      <option key={product._id} value={product._id}>
                        {product.name}
                      </option>
                    ))}
                  </select>
                )}
              </FieldShell>
              <button
                type="button"
                className={removeRowButtonClass}
                disabled={ingredients.fields.length <= 1}
                onClick={() => ingredients.remove(index)}
                aria-label={t('admin.recipes.form.removeIngredient', { n })}
              >
                ✕
              </button>
            </FormRow>
          )
        })}
        <button
          type="button"
          className={addRowButtonClass}
          onClick={() => ingredients.append(blankIngredient())}
        >
          {t('admin.recipes.form.addIngredient')}
        </button>
      </FormSection>

      <FormSection
        legend={t('admin.recipes.form.instructions')}
        error={errorText(errors.instructions?.root?.message ?? errors.instructions?.message)}
      >
        <ol className="flex flex-col gap-3">
          {instructions.fields.map((field, index) => (
            <li key={field.id} className="flex items-start gap-3">
              <TextAreaField
                className="flex-1"
                rows={2}
                label={t('admin.recipes.form.instructionStep', { n: index + 1 })}
                error={errorText(errors.instructions?.[index]?.description?.message)}
                {...register(`instructions.${index}.description`)}
              />
              <button
                type="button"
                className={removeRowButtonClass}
                disabled={instructions.fields.length <= 1}
                onClick={() => instructions.remove(index)}
                aria-label={t('admin.recipes.form.removeInstruction', { n: index + 1 })}
              >
                ✕
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className={addRowButtonClass}
          onClick={() => instructions.append(blankInstruction())}
        >
          {t('admin.recipes.form.addInstruction')}
        </button>
      </FormSection>

      <FormActions isSaving={isSaving} onCancel={onCancel} />
    </form>
  )
}
