import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { recipeQueries } from '../../api/recipes'
import { Spinner } from '../../components/ui/spinner'
import { isApiError } from '../../lib/api-error'
import { RecipeForm } from './recipe-form'
import { useApiErrorText } from '../../hooks/use-api-error-text'

type RecipeEditorProps = { recipeId: string; onDone: () => void; onCancel: () => void }

/** Edit mode: the target comes from the address, so a reload reopens the same recipe. */
export function RecipeEditor({ recipeId, onDone, onCancel }: RecipeEditorProps) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const recipe = useQuery(recipeQueries.detail(recipeId))
  if (recipe.isPending) return <Spinner />
  if (recipe.isError) {
    return (
      <p role="alert">
        {isApiError(recipe.error) && recipe.error.code === 'NOT_FOUND'
          ? t('admin.recipes.notFound')
          : t('admin.form.loadError', { message: errorText(recipe.error) })}
      </p>
    )
  }
  // Keyed by id: switching to another recipe starts a fresh form with its values.
  return <RecipeForm key={recipe.data._id} recipe={recipe.data} onDone={onDone} onCancel={onCancel} />
}
