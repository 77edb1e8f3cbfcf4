import { useParams } from 'react-router'
import { RecipeDetails } from '../../../features/recipes/recipe-details'

export function Component() {
  const { recipeId = '' } = useParams()
  return <RecipeDetails key={recipeId} recipeIdOrName={recipeId} />
}
