import { isRouteErrorResponse, useRouteError } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { GenericErrorScreen, NotFoundScreen, RouterFallback } from '../../components/layout/error-screens'

/**
 * A 404 (the catch-all, a loader's `throw data(…, 404)`) gets the calm not-found page;
 * other route responses get the router fallback with their status; anything else
 * thrown gets the generic screen.
 */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation()

  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundScreen />
    const message =
      typeof error.data === 'string' && error.data ? error.data : t('errors.routerFallback.unknown')
    return <RouterFallback status={error.status} message={message} />
  }

  return <GenericErrorScreen message={error instanceof Error ? error.message : undefined} />
}
