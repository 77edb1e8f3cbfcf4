export { CartRestoreView } from './cart-restore-view'
