export { BusinessDetailsForm } from './business-details-form'
export { CheckoutSettingsForm } from './checkout-settings-form'
export { LegalPagesEditor } from './legal-pages-editor'
export { MissingDetailsNotice } from './missing-details-notice'
