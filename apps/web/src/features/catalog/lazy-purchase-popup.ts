import type { ComponentProps } from 'react'
import { warmOnEarlyTap } from '../../lib/early-tap'
import { lazyLoaded } from '../../lib/lazy-loaded'
import type { PurchasePopup } from './purchase-popup'

// The popup and Radix Dialog with it load on the first click, not with the page; the product
// page's buy button and a card's size picker share them.
export const purchasePopup = lazyLoaded<ComponentProps<typeof PurchasePopup>>(() =>
  import('./purchase-popup').then((module) => ({ default: module.PurchasePopup })),
)

/** The popup's name for a tap made before the page hydrated (lib/early-tap). */
export const PURCHASE_POPUP = warmOnEarlyTap('purchase-popup', purchasePopup.load)
