import { useEffect } from 'react'
import { useLocation } from 'react-router'

function prefersReducedMotion() {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

export function scrollToTop() {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
}

/**
 * Spec §2: every route change scrolls smoothly to the top. Keyed on path and
 * query, so a pagination link (?page=n) scrolls too but a hash-only change does not.
 */
export function useScrollToTopOnNavigate() {
  const { pathname, search } = useLocation()
  useEffect(() => {
    scrollToTop()
  }, [pathname, search])
}
