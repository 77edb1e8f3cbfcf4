import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useIsHydrated } from '../../hooks/use-is-hydrated'

type RenderWhenVisibleProps = {
  children: ReactNode
  /** Shown until the place scrolls near the viewport; keep its size close to the real content. */
  placeholder: ReactNode
  /** How far ahead of the viewport to start, so the content is ready when it arrives. */
  rootMargin?: string
}

/**
 * Renders its children only once their place comes near the viewport, so the code they
 * lazily load (the footer's form brings zod and react-hook-form) is not part of the first load.
 *
 * "Near" counts from the visitor's first scroll: until then only a place already on the
 * screen renders, and one just below the fold (the home page's top-products carousel at
 * 1280×720, decision 007) waits for the visitor to move — then everything within
 * `rootMargin` starts at once, ahead of its arrival. A page opened already scrolled (a
 * reload, the back button) looks ahead from the start.
 */
export function RenderWhenVisible({ children, placeholder, rootMargin = '300px' }: RenderWhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [isVisible, setIsVisible] = useState(false)
  // The placeholder on the server too (entry-server), and while the page hydrates.
  const isHydrated = useIsHydrated()
  const cannotObserve = typeof IntersectionObserver === 'undefined'

  useEffect(() => {
    const element = ref.current
    if (isVisible || cannotObserve || !element) return
    let observer: IntersectionObserver | undefined
    const observe = (margin: string) => {
      observer?.disconnect()
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setIsVisible(true)
            observer?.disconnect()
          }
        },
        { rootMargin: margin },
      )
      observer.observe(element)
    }
    const handleFirstScroll = () => observe(rootMargin)
    if (window.scrollY > 0) {
      observe(rootMargin)
    } else {
      observe('0px')
      window.addEventListener('scroll', handleFirstScroll, { once: true, passive: true })
    }
    return () => {
      observer?.disconnect()
      window.removeEventListener('scroll', handleFirstScroll)
    }
  }, [isVisible, cannotObserve, rootMargin])

  const isShown = isVisible || (isHydrated && cannotObserve)
  return <div ref={ref}>{isShown ? children : placeholder}</div>
}
