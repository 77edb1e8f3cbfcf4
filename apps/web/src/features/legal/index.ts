export { CheckoutDisclosure } from './checkout-disclosure'
export { FooterBusinessDetails } from './footer-business-details'
export { LegalPageView } from './legal-page-view'
