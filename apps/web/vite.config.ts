import { createRequire } from 'node:module'
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { appScriptsAfterPaint } from './build/app-scripts-after-paint.ts'
import { heeboFont } from './build/heebo-font.ts'
import { localePath } from './build/locale-path.ts'
import { minifiedFirstPaint } from './build/minified-first-paint.ts'
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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    heeboFont(),
    react(),
    tailwindcss(),
    reactRouterProductionBuild(),
    appScriptsAfterPaint(),
    localePath(),
    minifiedFirstPaint(),
    precompressedAssets(),
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
  build: { sourcemap: false, target: 'es2022', copyPublicDir: !isSsrBuild },
}))
