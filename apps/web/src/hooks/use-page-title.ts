import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/** Sets the tab title to "<page> | תבלין"; pass nothing for the bare site title. */
export function usePageTitle(page?: string) {
  const { t } = useTranslation()
  useEffect(() => {
    document.title = page ? t('app.documentTitle', { page }) : `${t('app.name')} — ${t('app.tagline')}`
  }, [page, t])
}
