/**
 * Bundles the built server for `npm start` (docs/decisions/165): Node then reads and compiles
 * a few files instead of some nine hundred modules, most of a start's time on our machines.
 * Runs after tsc, whose dist/ stays for the command-line tools; dist/server.js is replaced.
 * Type checking stays with tsc: esbuild only strips the types.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'

const packageFolder = fileURLToPath(new URL('..', import.meta.url))
const dist = path.join(packageFolder, 'dist')
const CHUNK_PREFIX = 'bundle-'
// A chunk's name carries its content's hash: the last build's would otherwise stay for ever.
for (const file of fs.existsSync(dist) ? fs.readdirSync(dist) : []) {
  if (file.startsWith(CHUNK_PREFIX)) fs.rmSync(path.join(dist, file))
}

/*
 * A bundled CommonJS module that reads files beside itself through __dirname or __filename
 * (pino its transport workers, @fastify/swagger-ui its pages) gets them as they were, as
 * paths from the bundle's folder to its folder in node_modules: ESM defines neither.
 */
const ownFolderPlugin = {
  name: 'own-folder',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, async ({ path: file }) => {
      const source = await fs.promises.readFile(file, 'utf8')
      if (!/\b__(dirname|filename)\b/.test(source)) return undefined
      const fromBundle = (target) =>
        `require('node:path').join(bundleFolder, ${JSON.stringify(path.relative(dist, target))})`
      const header = `var __dirname = ${fromBundle(path.dirname(file))}, __filename = ${fromBundle(file)};`
      return { contents: `${header}\n${source}`, loader: 'js' }
    })
  },
}

await esbuild.build({
  absWorkingDir: packageFolder,
  entryPoints: [
    { in: 'src/server-entry.ts', out: 'server' },
    // The start benchmark's step-by-step process loads the same chunks as the server.
    { in: 'bench/start-steps.ts', out: 'start-steps' },
    // The page benchmark's server, run as `npm start` runs the server: bundled, with its flags.
    { in: 'bench/bench-server.ts', out: 'bench-server' },
  ],
  outdir: 'dist',
  // At the top of dist/, beside the entries: there src/package-paths.ts's `..` is the package folder.
  chunkNames: `${CHUNK_PREFIX}[name]-[hash]`,
  bundle: true,
  // What a request loads on first use is imported dynamically: its own chunk, loaded then.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Bundled CommonJS calls require() for Node's own modules, which ESM does not define.
  banner: {
    js: [
      "import { createRequire as createRequireForBundle } from 'node:module';",
      "import { fileURLToPath as fileURLToPathForBundle } from 'node:url';",
      'const require = createRequireForBundle(import.meta.url);',
      "const bundleFolder = fileURLToPathForBundle(new URL('.', import.meta.url));",
    ].join(' '),
  },
  plugins: [ownFolderPlugin],
  external: [
    // Native or WebAssembly, with files found next to their own modules.
    'sharp',
    '@electric-sql/pglite',
    'pg-native',
    // Development's log formatter, a transport pino starts in a worker by its name.
    'pino-pretty',
    // Fastify's own compilers, never loaded: the zod compilers replace them (src/app/fastify.ts).
    // Bundled, their four copies of Ajv would still be read and parsed by every start.
    '@fastify/ajv-compiler',
    '@fastify/fast-json-stringify-compiler',
    // Loaded on first use, and seldom: left as they are published.
    'oidc-provider',
    'nodemailer',
    'tar-stream',
    'ioredis',
  ],
  logLevel: 'warning',
})
