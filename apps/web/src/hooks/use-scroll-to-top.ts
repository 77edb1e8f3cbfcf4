import { useLayoutEffect } from 'react'
import { useLocation } from 'react-router'

function prefersReducedMotion() {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

/** Back to the top of the page already shown (a footer link to it): smoothly, as spec §2 asks. */
export function scrollToTop() {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
}

/**
 * Every route change starts the new page at its top. Spec §2 asks for a smooth scroll, but
 * that showed the new page's footer first and glided up over about a second (issue 35): the
 * new page is put at its top before it paints, at once. Keyed on path and query, so a
 * pagination link (?page=n) does it too but a hash-only change does not.
 */
export function useScrollToTopOnNavigate() {
  const { pathname, search } = useLocation()
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' })
  }, [pathname, search])
}
