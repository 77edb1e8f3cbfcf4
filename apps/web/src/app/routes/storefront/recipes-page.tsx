import { useTranslation } from '../../../lib/i18n'
import { PageShell } from '../../../components/layout/page-shell'
import { RecipesCatalog } from '../../../features/recipes/recipes-catalog'

export function Component() {
  const { t } = useTranslation()
  return (
    <PageShell title={t('pages.recipes.title')} description={t('pages.recipes.description')}>
      <RecipesCatalog />
    </PageShell>
  )
}
