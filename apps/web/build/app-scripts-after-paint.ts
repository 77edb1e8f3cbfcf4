import type { Plugin, Rollup } from 'vite'

/**
 * The app's scripts start loading once the page the server rendered has painted
 * (decision 098). The built index.html carries no module script, module preload or
 * fetch preload; they are listed instead in a JSON script that public/first-paint.js
 * reads and turns back into the same elements after the first contentful paint, or at
 * once on a page the server did not render.
 */

/** The id of the listing; public/first-paint.js reads the element by it. */
export const APP_SCRIPTS_ID = 'app-scripts'

export type AppScripts = {
  /** The entry module. */
  entry: string
  /**
   * The modules the entry imports statically, and those it imports as it starts (decision
   * 167) with theirs, preloaded alongside it.
   */
  modules: string[]
  /** Reads the app makes as it starts (its Hebrew strings), preloaded alongside it. */
  fetches: string[]
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g
const FETCH_PRELOAD = /\s*<link rel="preload" href="([^"]+)" as="fetch" crossorigin\s*\/?>/g

/**
 * index.html with the app's start-up elements replaced by their listing; `startModules`
 * are the addresses of further modules the entry loads as it starts.
 */
export function listAppScripts(html: string, startModules: string[] = []): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1]
  if (!entry) throw new Error('index.html has no module script to defer: has Vite changed its output?')
  const preloaded = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!)
  const scripts: AppScripts = {
    entry,
    modules: [...new Set([...preloaded, ...startModules])].filter((module) => module !== entry),
    fetches: [...html.matchAll(FETCH_PRELOAD)].map((match) => match[1]!),
  }
  const listing = `<script type="application/json" id="${APP_SCRIPTS_ID}">${JSON.stringify(scripts)}</script>`
  return html.replace(MODULE_PRELOAD, '').replace(FETCH_PRELOAD, '').replace(ENTRY_SCRIPT, listing)
}

export function appScriptsAfterPaint(): Plugin {
  return {
    name: 'tavlin:app-scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has written the hashed script and preload tags.
      order: 'post',
      handler: (html, { bundle, chunk }) =>
        bundle && chunk ? listAppScripts(html, dynamicStartModules(bundle, chunk)) : html,
    },
  }
}

/**
 * The modules the entry imports dynamically as it starts (src/main.tsx), with everything they
 * import statically: fetched with the entry instead of one after another.
 */
export function dynamicStartModules(bundle: Rollup.OutputBundle, entry: Rollup.OutputChunk): string[] {
  const found = new Set<string>()
  const visit = (fileName: string) => {
    const chunk = bundle[fileName]
    if (found.has(fileName) || chunk?.type !== 'chunk') return
    found.add(fileName)
    chunk.imports.forEach(visit)
  }
  entry.dynamicImports.forEach(visit)
  return [...found].map((fileName) => `/${fileName}`)
}
