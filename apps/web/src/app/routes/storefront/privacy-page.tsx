import { Suspense, lazy } from 'react'
import { LegalPageView } from '../../../features/legal/legal-page-view'
import { RenderWhenVisible } from '../../../components/ui/render-when-visible'
import { Spinner } from '../../../components/ui/spinner'

// The form brings react-hook-form and zod: loaded when the visitor scrolls to it.
const DeletionRequestForm = lazy(() =>
  import('../../../features/privacy/deletion-request-form').then((module) => ({
    default: module.DeletionRequestFormView,
  })),
)

export function Component() {
  return (
    <LegalPageView page="privacy">
      <RenderWhenVisible placeholder={<div className="min-h-64" />}>
        <Suspense fallback={<Spinner size="sm" />}>
          <DeletionRequestForm />
        </Suspense>
      </RenderWhenVisible>
    </LegalPageView>
  )
}
