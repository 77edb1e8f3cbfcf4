import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * Spec §1: translations are read from /locales/{lng}/{ns}.json with the language he-IL.
 * The one Hebrew file stays at public/locales/he/translation.json (the app, its tests
 * and the server read it there, and /locales/he/… stays served as an alias); this plugin
 * answers /locales/he-IL/… with it: a copy in the build, a rewrite on the dev server.
 */
export const SOURCE_LANGUAGE_DIR = 'he'
export const SPEC_LANGUAGE_DIR = 'he-IL'

/** The he-IL address of a he file, or null for any other address. */
export function rewriteLocalePath(url: string): string | null {
  const prefix = `/locales/${SPEC_LANGUAGE_DIR}/`
  return url.startsWith(prefix) ? `/locales/${SOURCE_LANGUAGE_DIR}/${url.slice(prefix.length)}` : null
}

export function localePath(): Plugin {
  let publicDir = ''
  let isSsrBuild = false
  return {
    name: 'tavlin:locale-path',
    configResolved(config) {
      publicDir = config.publicDir
      isSsrBuild = Boolean(config.build.ssr)
    },
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const rewritten = request.url ? rewriteLocalePath(request.url) : null
        if (rewritten) request.url = rewritten
        next()
      })
    },
    generateBundle() {
      // The server renderer's build carries no copy of public/.
      if (isSsrBuild || !publicDir) return
      const sourceDir = path.join(publicDir, 'locales', SOURCE_LANGUAGE_DIR)
      for (const name of fs.readdirSync(sourceDir)) {
        this.emitFile({
          type: 'asset',
          fileName: `locales/${SPEC_LANGUAGE_DIR}/${name}`,
          source: fs.readFileSync(path.join(sourceDir, name)),
        })
      }
    },
  }
}
