import { ThankYouView } from '../../../features/checkout/thank-you-view'

export function Component() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:px-6 md:py-16">
      <ThankYouView />
    </div>
  )
}
