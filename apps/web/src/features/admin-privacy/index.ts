export { DeletionRequestsPanel } from './deletion-requests-panel'
