// The payments module's entry: what other modules may use (decision 186).
export { PaymentProviderError } from './payment-provider.js'
export type {
  CallbackNotice,
  PaymentProvider,
  ProviderTransaction,
  RefundResult,
  TransactionRef,
} from './payment-provider.js'
export type { CallbackOutcome } from './payments.service.js'
