import { PaymentPendingView } from '../../../features/checkout/payment-pending-view'

/** The view owns the heading and the tab title: both follow the payment's state. */
export function Component() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:px-6 md:py-16">
      <PaymentPendingView />
    </div>
  )
}
