export { ConfirmLinkView } from './confirm-link-view'
