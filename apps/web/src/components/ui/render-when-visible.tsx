import { useEffect, useRef, useState, type ReactNode } from 'react'

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
 */
export function RenderWhenVisible({ children, placeholder, rootMargin = '300px' }: RenderWhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null)
  // The placeholder on the server too (entry-server): the page hydrates with what it rendered.
  const [isVisible, setIsVisible] = useState(false)

  useEffect(() => {
    const element = ref.current
    if (isVisible || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      setIsVisible(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setIsVisible(true)
          observer.disconnect()
        }
      },
      { rootMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [isVisible, rootMargin])

  return <div ref={ref}>{isVisible ? children : placeholder}</div>
}
