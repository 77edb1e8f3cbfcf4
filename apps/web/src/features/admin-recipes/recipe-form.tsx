import { RecipeInputSchema, type Recipe, type RecipeInput } from '@tavlin/contracts'
import { useCreateRecipe, useUpdateRecipe } from '../../api/recipes'
import { imageUploader } from '../../api/uploads'
import {
  CatalogForm,
  DescriptionField,
  type CatalogFormKind,
} from '../../components/catalog-form/catalog-form'
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

const recipeFormKind: CatalogFormKind<RecipeFormValues, RecipeInput, Recipe> = {
  schema: RecipeInputSchema,
  empty: EMPTY,
  toFormValues,
  uploader: imageUploader('recipes'),
  useCreate: useCreateRecipe,
  useUpdate: useUpdateRecipe,
  successKeys: { added: 'admin.recipes.addSuccess', updated: 'admin.recipes.updateSuccess' },
}

type RecipeFormProps = { recipe?: Recipe | undefined; onDone: () => void; onCancel: () => void }

/** Add or edit a recipe with the rules of spec §5. */
export function RecipeForm({ recipe, onDone, onCancel }: RecipeFormProps) {
  return (
    <CatalogForm
      kind={recipeFormKind}
      entity={recipe}
      onDone={onDone}
      onCancel={onCancel}
      intro={(catalogForm) => <DescriptionField catalogForm={catalogForm} />}
    >
      {(catalogForm) => (
        <>
          <RecipeDetails catalogForm={catalogForm} />
          <RecipeCategories catalogForm={catalogForm} />
          <IngredientRows catalogForm={catalogForm} />
          <InstructionRows catalogForm={catalogForm} />
        </>
      )}
    </CatalogForm>
  )
}
