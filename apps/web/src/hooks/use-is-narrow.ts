import { useSyncExternalStore } from 'react'

/** Spec §7 and §9: phones are viewports at most 768 px wide. */
export const NARROW_QUERY = '(max-width: 768px)'

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {}
  const query = window.matchMedia(NARROW_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches

/** True on a phone-wide viewport; follows rotation and resizing. */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false)
}
