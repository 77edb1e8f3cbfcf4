// The cart reminders module's entry: what other modules may use (decision 186).
export type { CartRemindersService } from './cart-reminders.service.js'
