// The confirmations module's entry: what other modules may use (decision 186).
export type {
  ConfirmationHandlers,
  ConfirmationRequest,
  ConfirmedRequest,
  RequestConfirmation,
} from './confirmations.service.js'
// The signed tokens of e-mailed links (decision 237), for other single-use links (decisions 281, 282).
export {
  hashLinkSecret,
  isStoredSecret,
  newLinkSecret,
  signLinkToken,
  verifyLinkToken,
} from './link-token.js'
