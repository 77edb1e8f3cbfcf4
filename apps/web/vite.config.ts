import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { heeboFont } from './build/heebo-font.ts'

const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [heeboFont(), react(), tailwindcss()],
  resolve: { conditions: ['@tavlin/source'] },
  server: {
    port: 5173,
    // In development the API, uploads and the identity/payment pages come from the server.
    proxy: Object.fromEntries(
      ['/api', '/uploads', '/oidc', '/sandbox', '/sitemap.xml'].map((p) => [p, { target: apiTarget }]),
    ),
  },
  build: { sourcemap: false, target: 'es2022' },
})
