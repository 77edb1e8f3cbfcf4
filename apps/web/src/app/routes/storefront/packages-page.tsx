import { useTranslation } from '../../../lib/i18n'
import { PageShell } from '../../../components/layout/page-shell'
import { PackagesCatalog } from '../../../features/catalog/packages-catalog'

export function Component() {
  const { t } = useTranslation()
  return (
    <PageShell title={t('pages.packages.title')} description={t('pages.packages.description')}>
      <PackagesCatalog />
    </PageShell>
  )
}
