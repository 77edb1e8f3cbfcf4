export { RecipesTable } from './recipes-table'
export { RecipeForm } from './recipe-form'
export { RecipeEditor } from './recipe-editor'
