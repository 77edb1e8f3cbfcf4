import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * The build's text files written beside themselves as `.br` and `.gz`, at each format's
 * highest level, for the server to send as they are (decision 294). Compressed per request
 * instead, a product page's 58 modules cost the server's one thread a brotli stream each
 * while the page waited to hydrate. index.html is left out: the server assembles every page
 * from it, and compresses what it assembled.
 */
const TEXT_FILES = /\.(js|mjs|css|json|svg|txt|xml|webmanifest)$/
/** Below this, compression saves less than the headers it adds (the server's own threshold). */
const MIN_BYTES = 1024

export function precompressFolder(folder: string): string[] {
  const written: string[] = []
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name)
    if (!entry.isFile() || !TEXT_FILES.test(entry.name)) continue
    const content = fs.readFileSync(file)
    if (content.length < MIN_BYTES) continue
    const brotli = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    })
    fs.writeFileSync(`${file}.br`, brotli)
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }))
    written.push(path.relative(folder, file))
  }
  return written
}

export function precompressedAssets(): Plugin {
  let outDir: string | undefined
  return {
    name: 'tavlin:precompressed-assets',
    apply: 'build',
    configResolved(config) {
      // The server renderer's build is read from disk by the server, never sent.
      outDir = config.build.ssr ? undefined : path.resolve(config.root, config.build.outDir)
    },
    // After the other plugins' writes (first-paint.js is minified in place as the build closes).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (outDir && fs.existsSync(outDir)) precompressFolder(outDir)
      },
    },
  }
}
