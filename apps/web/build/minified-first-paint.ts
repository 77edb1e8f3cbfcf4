import fs from 'node:fs'
import path from 'node:path'
import { transform } from 'esbuild'
import type { Plugin } from 'vite'

const FIRST_PAINT = 'first-paint.js'

/**
 * public/first-paint.js runs before the first paint (a file, since the CSP forbids inline
 * script), and Vite copies public/ as it is: its comments, which say why each line is there,
 * were a kilobyte of the home page's first JavaScript (decision 007's budget). The build's
 * copy is minified; the source keeps its comments.
 */
export function minifiedFirstPaint(): Plugin {
  let outDir = ''
  let isSsrBuild = false
  return {
    name: 'tavlin:minified-first-paint',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
      isSsrBuild = Boolean(config.build.ssr)
    },
    async closeBundle() {
      const file = path.join(outDir, FIRST_PAINT)
      if (isSsrBuild || !fs.existsSync(file)) return
      const { code } = await transform(fs.readFileSync(file, 'utf8'), { minify: true, target: 'es2020' })
      fs.writeFileSync(file, code)
    },
  }
}
