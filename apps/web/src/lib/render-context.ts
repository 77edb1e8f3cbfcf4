import { createContext } from 'react'

/**
 * What the server's page renderer (entry-server) decided for this one visit, where the
 * browser would otherwise decide it from the document: the home page's first hero picture.
 */
export type RenderChoices = { heroName?: string }

export const RenderChoicesContext = createContext<RenderChoices>({})
