import { CartRestoreView } from '../../../features/cart-restore'

/** `/cart/restore#<token>`: a cart reminder's link (issue 36). */
export function Component() {
  return <CartRestoreView />
}
