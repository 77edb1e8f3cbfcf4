import { Suspense, useState } from 'react'
import { lazyLoaded } from '../../lib/lazy-loaded'
import { useCartUiStore } from '../../stores/cart-ui-store'

// Radix Dialog and the row queries load on the first open, not with the shell. The cart button
// opens the drawer once they are in, so the tap's own task stays short (decision 290).
const { Component: CartDrawer, load: loadCartDrawer } = lazyLoaded<Record<string, never>>(() =>
  import('./cart-drawer').then((module) => ({ default: module.CartDrawer })),
)
export { loadCartDrawer }

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
