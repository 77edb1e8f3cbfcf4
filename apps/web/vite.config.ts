import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  build as viteBuild,
  defineConfig,
  type BuildOptions,
  type Plugin,
  type Rollup,
  type UserConfig,
} from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { appScriptsAfterPaint } from './build/app-scripts-after-paint.ts'
import { heeboFont } from './build/heebo-font.ts'
import { localePath } from './build/locale-path.ts'
import { minifiedFirstPaint } from './build/minified-first-paint.ts'
import { chunkGroupsOf, planChunkGroups, type BuiltChunk } from './build/page-chunks.ts'
import { precompressedAssets } from './build/precompressed-assets.ts'

const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000'

/**
 * React Router 7 exports only its development build, so a production bundle keeps its
 * dev-only warnings (remix-run/react-router#14102). Its production build sits beside it
 * and differs in just that; the app's build uses it (about 0.5 KB gzip less).
 */
function reactRouterProductionBuild(): Plugin {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'))
  return {
    name: 'tavlin:react-router-production-build',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [{ find: /^react-router$/, replacement: path.join(packageDir, 'dist/production/index.mjs') }],
      },
    }),
  }
}

type RolldownOutputOptions = Extract<
  NonNullable<BuildOptions['rolldownOptions']>['output'],
  { codeSplitting?: unknown }
>

/** Set while the first of the browser build's two passes runs (decision 298). */
const PLANNING_PASS = 'TAVLIN_CHUNK_PLANNING_PASS'

/**
 * The browser build's files grouped (decision 298): a first pass, in memory, left to the
 * bundler's own splitting, is read for which modules go together.
 */
async function groupedChunks(): Promise<RolldownOutputOptions> {
  process.env[PLANNING_PASS] = '1'
  try {
    const result = await viteBuild({
      configFile: fileURLToPath(import.meta.url),
      logLevel: 'silent',
      build: { write: false },
    })
    const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[]
    const chunks = outputs
      .flatMap((output) => output.output)
      .filter((file): file is Rollup.OutputChunk & BuiltChunk => file.type === 'chunk')
    return { codeSplitting: { groups: chunkGroupsOf(planChunkGroups(chunks)) } }
  } finally {
    delete process.env[PLANNING_PASS]
  }
}

export default defineConfig(async ({ command, isSsrBuild }): Promise<UserConfig> => {
  const planningPass = Boolean(process.env[PLANNING_PASS])
  return {
    plugins: [
      heeboFont(),
      react(),
      tailwindcss(),
      reactRouterProductionBuild(),
      appScriptsAfterPaint(),
      localePath(),
      // The planning pass writes nothing: these work on the files written.
      ...(planningPass ? [] : [minifiedFirstPaint(), precompressedAssets()]),
    ],
    resolve: { conditions: ['@tavlin/source'] },
    server: {
      port: 5173,
      // In development the API, uploads and the identity/payment pages come from the server.
      proxy: Object.fromEntries(
        ['/api', '/uploads', '/oidc', '/sandbox', '/sitemap.xml', '/robots.txt'].map((p) => [
          p,
          { target: apiTarget },
        ]),
      ),
    },
    // The server renderer (src/entry-server.tsx, into dist-ssr) carries its dependencies in
    // their production builds, whatever NODE_ENV the server runs with, and no copy of public/.
    // Vite leaves `process.env.NODE_ENV` to run time in an SSR build, and the server does not
    // set it: React then rendered in its development build, 5–18 ms a page (decision 161).
    ssr: { noExternal: true },
    ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
    build: {
      sourcemap: false,
      target: 'es2022',
      copyPublicDir: !isSsrBuild,
      ...(command === 'build' && !isSsrBuild && !planningPass
        ? { rolldownOptions: { output: await groupedChunks() } }
        : {}),
    },
  }
})
