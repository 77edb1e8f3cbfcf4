import { useEffect, useState } from 'react'

// Small wobbles (touchpads, iOS bounce) should not flip the header.
const JITTER_PX = 6

/** True while the visitor scrolls down past `offset`; false again on any scroll up. */
export function useHideOnScroll(offset = 80) {
  const [isHidden, setHidden] = useState(false)

  useEffect(() => {
    let lastY = window.scrollY
    let frame = 0
    const update = () => {
      frame = 0
      const y = window.scrollY
      const delta = y - lastY
      if (Math.abs(delta) < JITTER_PX) return
      setHidden(delta > 0 && y > offset)
      lastY = y
    }
    const handleScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    window.addEventListener('scroll', handleScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', handleScroll)
      cancelAnimationFrame(frame)
    }
  }, [offset])

  return isHidden
}
