import { Suspense, lazy, useState } from 'react'
import { useCartUiStore } from '../../stores/cart-ui-store'

// Radix Dialog and the row queries load on the first open, not with the shell.
const CartDrawer = lazy(() => import('./cart-drawer').then((module) => ({ default: module.CartDrawer })))

/** Mounts the drawer once it has been opened, and keeps it mounted for its closing animation. */
export function CartDrawerHost() {
  const isOpen = useCartUiStore((state) => state.isOpen)
  const [hasOpened, setHasOpened] = useState(isOpen)
  if (isOpen && !hasOpened) setHasOpened(true)
  if (!hasOpened && !isOpen) return null
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  )
}
