export { PaymentsSandboxBanner } from './payments-sandbox-banner'
