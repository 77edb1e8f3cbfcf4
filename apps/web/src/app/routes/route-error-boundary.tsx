import { Component, type ReactNode } from 'react'
import { isRouteErrorResponse, useLocation } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { GenericErrorScreen, NotFoundScreen, RouterFallback } from '../../components/layout/error-screens'

/**
 * A route response with a 404 status gets the calm not-found page; other route responses
 * get the router fallback with their status (spec §2, 'Unexpected Application Error!');
 * anything else thrown gets the generic screen.
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation()

  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundScreen />
    const message =
      typeof error.data === 'string' && error.data ? error.data : t('errors.routerFallback.unknown')
    return <RouterFallback status={error.status} message={message} />
  }

  return <GenericErrorScreen message={error instanceof Error ? error.message : undefined} />
}

type BoundaryProps = { children: ReactNode; location: string }
type BoundaryState = { error: unknown; hasError: boolean; location: string }

/** React's error boundary (a class is still the only way to write one); React logs what it caught. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, hasError: false, location: this.props.location }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true }
  }

  // Moving to another address leaves the error behind, as React Router's own boundary does.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.location === state.location) return null
    return { error: undefined, hasError: false, location: props.location }
  }

  override render() {
    return this.state.hasError ? <RouteErrorScreen error={this.state.error} /> : this.props.children
  }
}

/**
 * What the data router's `ErrorBoundary` did with declarative routes: catches what a route
 * throws while rendering and shows the screen for it; the next navigation tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation()
  return <ErrorBoundary location={pathname + search}>{children}</ErrorBoundary>
}
