import { ReviewLinkView } from '../../../features/reviews'

/** `/review#<token>`: the review e-mail's single-use link (issue 36). */
export function Component() {
  return <ReviewLinkView />
}
