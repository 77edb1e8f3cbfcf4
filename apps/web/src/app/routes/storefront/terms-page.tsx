import { LegalPageView } from '../../../features/legal/legal-page-view'

export function Component() {
  return <LegalPageView page="terms" />
}
