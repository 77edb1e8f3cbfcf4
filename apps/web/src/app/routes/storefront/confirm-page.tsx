import { ConfirmLinkView } from '../../../features/confirm-link'

/** `/confirm#<token>`: an e-mailed confirmation link (issue 33). */
export function Component() {
  return <ConfirmLinkView />
}
