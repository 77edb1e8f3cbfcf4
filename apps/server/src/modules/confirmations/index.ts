// The confirmations module's entry: what other modules may use (decision 186).
export type {
  ConfirmationHandlers,
  ConfirmationRequest,
  ConfirmedRequest,
  RequestConfirmation,
} from './confirmations.service.js'
/** The e-mailed links' token (decision 237), for other single-use links signed with the same key. */
export {
  hashLinkSecret,
  isStoredSecret,
  newLinkSecret,
  signLinkToken,
  verifyLinkToken,
} from './link-token.js'
