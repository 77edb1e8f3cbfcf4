import { isRouteErrorResponse, useRouteError } from 'react-router'
import { useTranslation } from 'react-i18next'
import { GenericErrorScreen, RouterFallback } from '../../components/layout/error-screens'

/**
 * Route responses (404 from the catch-all, a loader's `throw data(…, 404)`) get the
 * router fallback with their status; anything else thrown gets the generic screen.
 */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation()

  if (isRouteErrorResponse(error)) {
    const message =
      error.status === 404
        ? t('errors.routerFallback.notFound')
        : typeof error.data === 'string' && error.data
          ? error.data
          : t('errors.routerFallback.unknown')
    return <RouterFallback status={error.status} message={message} />
  }

  return <GenericErrorScreen message={error instanceof Error ? error.message : undefined} />
}
