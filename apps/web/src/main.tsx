import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppProviders } from './app/providers'
import { createAppRouter } from './app/router'
import { i18next, initI18n } from './lib/i18n'
import { createQueryClient } from './lib/query-client'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

const queryClient = createQueryClient()
const router = createAppRouter()

// Render once the Hebrew strings are in, so the first paint is never a screen of raw keys.
void initI18n().finally(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders i18n={i18next} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
})
