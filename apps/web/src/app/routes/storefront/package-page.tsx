import { useTranslation } from 'react-i18next'
import { PlaceholderPage } from '../../../components/layout/placeholder-page'

export function Component() {
  const { t } = useTranslation()
  return <PlaceholderPage title={t('pages.package.title')} />
}
