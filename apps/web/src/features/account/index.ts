// "החשבון שלי" (issue 22): composed with auth's guard and sign-out in app/routes/storefront/account-page.tsx.
export { AccountView } from './account-view'
export { OrderDetail } from './order-detail'
