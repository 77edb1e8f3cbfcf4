export { ReviewLinkView } from './review-link-view'
export { AccountReviews } from './account-reviews'
export { ItemReviews } from './item-reviews'
