import type { DehydratedState } from '@tanstack/react-query'
import { RENDERED_STATE_ID } from '@tavlin/contracts'

/**
 * What a page rendered on the server hands the browser so that its first render is the
 * same as the server's: the reads the page was rendered with.
 */
export type RenderedState = {
  queries: DehydratedState
}

/** The state of a page rendered on the server, or undefined for a page the browser renders alone. */
export function readRenderedState(): RenderedState | undefined {
  const element = document.getElementById(RENDERED_STATE_ID)
  if (!element?.textContent) return undefined
  try {
    return JSON.parse(element.textContent) as RenderedState
  } catch {
    return undefined
  }
}
