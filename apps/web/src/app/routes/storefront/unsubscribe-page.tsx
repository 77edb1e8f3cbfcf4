import { UnsubscribeView } from '../../../features/privacy/unsubscribe-view'

export function Component() {
  return <UnsubscribeView />
}
