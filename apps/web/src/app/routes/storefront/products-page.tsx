import { useTranslation } from '../../../lib/i18n'
import { PageShell } from '../../../components/layout/page-shell'
import { ProductsCatalog } from '../../../features/catalog/products-catalog'

export function Component() {
  const { t } = useTranslation()
  return (
    <PageShell title={t('pages.products.title')} description={t('pages.products.description')}>
      <ProductsCatalog />
    </PageShell>
  )
}
