export { DeletionRequestFormView } from './deletion-request-form'
export { UnsubscribeView } from './unsubscribe-view'
