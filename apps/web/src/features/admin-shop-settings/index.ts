export { BusinessDetailsForm } from './business-details-form'
export { LegalPagesEditor } from './legal-pages-editor'
export { MissingDetailsNotice } from './missing-details-notice'
export { PaymentOptionsForm } from './payment-options-form'
