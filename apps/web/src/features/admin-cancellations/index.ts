export { CancellationsInbox } from './cancellations-inbox'
