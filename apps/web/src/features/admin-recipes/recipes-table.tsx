import { useTranslation } from '../../lib/i18n'
import { PAGE_SIZES, RECIPE_CATEGORIES, type RecipeCategoryName } from '@tavlin/contracts'
import { recipeQueries, useDeleteRecipe } from '../../api/recipes'
import { AdminCatalogTable } from '../../components/ui/admin-catalog-table'
import { AdminListFilters, useAdminListFilters } from '../../components/ui/admin-list-filters'

type RecipesTableProps = {
  onAdd: () => void
  onEdit: (recipeId: string) => void
}

/** The admin recipe list (spec §2): 20 a page, category and text filters, edit and delete. */
export function RecipesTable({ onAdd, onEdit }: RecipesTableProps) {
  const { t } = useTranslation()
  const filters = useAdminListFilters<RecipeCategoryName>()
  const remove = useDeleteRecipe()
  return (
    <AdminCatalogTable
      listQuery={(page) => recipeQueries.list({ page, limit: PAGE_SIZES.admin, ...filters.params })}
      caption={t('admin.recipes.title')}
      addLabel={t('admin.recipes.add')}
      deleteItem={(id) => remove.mutateAsync(id)}
      deleteMessages={{ success: t('admin.recipes.deleteSuccess'), error: t('admin.recipes.deleteError') }}
      onAdd={onAdd}
      onEdit={onEdit}
      filters={(resetPage) => (
        <AdminListFilters
          idPrefix="admin-recipes"
          categories={RECIPE_CATEGORIES}
          filters={filters}
          onChange={resetPage}
        />
      )}
      columns={[
        {
          header: t('admin.table.categories'),
          cell: (recipe) => recipe.categories.map((item) => item.nameInHebrew).join(', '),
        },
        {
          header: t('admin.recipes.difficulty'),
          cell: (recipe) => t(`admin.recipes.difficulties.${recipe.difficulty}`),
        },
      ]}
    />
  )
}
