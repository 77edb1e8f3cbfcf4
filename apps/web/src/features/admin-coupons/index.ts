export { CouponsPanel } from './coupons-panel'
