import { useQuery } from '@tanstack/react-query'
import { PAGE_SIZES, type Package, type PackageInput } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { recipeQueries } from '../../api/recipes'
import type { CatalogForm as CatalogFormState } from '../../components/catalog-form/use-catalog-form'
import { selectClass } from '../../components/ui/data-table'
import { FieldShell } from '../../components/ui/form-field'
import type { PackageFormValues } from './package-item-rows'

// The newest recipes (and the one already linked), as the product picker offers products.
const pickableRecipes = { page: 1, limit: PAGE_SIZES.max }

type PackageRecipeFieldProps = {
  catalogForm: CatalogFormState<PackageFormValues, PackageInput>
  /** The package being edited: its linked recipe stays offered even when off the picker's page. */
  pkg: Package | undefined
}

/** The recipe the package is made for (the package page links to it); none is fine. */
export function PackageRecipeField({ catalogForm: { form, errorText }, pkg }: PackageRecipeFieldProps) {
  const { t } = useTranslation()
  const recipes = useQuery(recipeQueries.list(pickableRecipes))
  // The linked recipe first and always: its option must not be swapped for another element
  // when the list arrives, or the select would fall back to "no recipe".
  const linked = pkg?.recipeId ? [{ _id: pkg.recipeId, name: pkg.recipeName ?? pkg.recipeId }] : []
  const options = [...linked, ...(recipes.data?.items ?? []).filter((recipe) => recipe._id !== pkg?.recipeId)]
  return (
    <FieldShell
      label={t('admin.packages.form.recipe')}
      hint={t('admin.packages.form.recipeHint')}
      error={errorText(form.formState.errors.recipeId?.message)}
    >
      {(controlProps) => (
        <select
          {...controlProps}
          className={selectClass}
          // No recipe is sent as none: PUT replaces the package, so that unlinks it.
          {...form.register('recipeId', { setValueAs: (value: string) => value || undefined })}
        >
          <option value="">{t('admin.packages.form.noRecipe')}</option>
          {options.map((recipe) => (
            <option key={recipe._id} value={recipe._id}>
              {recipe.name}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  )
}
