// The confirmations module's entry: what other modules may use (decision 186).
export type {
  ConfirmationHandlers,
  ConfirmationRequest,
  ConfirmedRequest,
  RequestConfirmation,
} from './confirmations.service.js'
