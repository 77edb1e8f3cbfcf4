// The mail module's entry: what other modules may use (decision 186).
export type { MailService } from './mail.service.js'
export type { OrderMailView } from './mail.templates.js'
export type { WelcomeCouponMailView } from './welcome-coupon.template.js'
export type { LowStockMailView } from './low-stock.template.js'
export type { AccountMailView } from './account.templates.js'
export type { ConfirmationMailView } from './confirmation.templates.js'
export type { CancellationMailView } from './cancellation.templates.js'
export type { OrderUpdate, OrderUpdateView } from './order-updates.templates.js'
