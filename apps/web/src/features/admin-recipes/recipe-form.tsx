import { useTranslation } from 'react-i18next'
import { RecipeInputSchema, type Recipe, type RecipeInput } from '@tavlin/contracts'
import { useCreateRecipe, useUpdateRecipe } from '../../api/recipes'
import { imageUploader } from '../../api/uploads'
import { CatalogFormFrame } from '../../components/catalog-form/catalog-form-frame'
import { useCatalogForm } from '../../components/catalog-form/use-catalog-form'
import { TextAreaField } from '../../components/ui/form-field'
import {
  IngredientRows,
  InstructionRows,
  RecipeCategories,
  RecipeDetails,
  blankIngredient,
  blankInstruction,
  type RecipeFormValues,
} from './recipe-form-sections'

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

type RecipeFormProps = { recipe?: Recipe | undefined; onDone: () => void; onCancel: () => void }

/** Add or edit a recipe with the rules of spec §5. */
export function RecipeForm({ recipe, onDone, onCancel }: RecipeFormProps) {
  const { t } = useTranslation()
  const catalogForm = useCatalogForm({
    schema: RecipeInputSchema,
    id: recipe?._id,
    defaultValues: recipe ? toFormValues(recipe) : EMPTY,
    empty: EMPTY,
    create: useCreateRecipe(),
    update: useUpdateRecipe(),
    successText: t(recipe ? 'admin.recipes.updateSuccess' : 'admin.recipes.addSuccess'),
    onDone,
  })
  const { form, errorText } = catalogForm
  const errors = form.formState.errors

  return (
    <CatalogFormFrame
      catalogForm={catalogForm}
      uploader={uploader}
      initialImage={recipe?.image}
      onCancel={onCancel}
      intro={() => (
        <TextAreaField
          label={t('admin.form.description')}
          error={errorText(errors.description?.message)}
          {...form.register('description')}
        />
      )}
    >
      <RecipeDetails form={form} errorText={errorText} />
      <RecipeCategories form={form} errorText={errorText} />
      <IngredientRows form={form} errorText={errorText} />
      <InstructionRows form={form} errorText={errorText} />
    </CatalogFormFrame>
  )
}
