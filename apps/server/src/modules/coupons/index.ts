// The coupons module's entry: what other modules may use (decision 186).
export type { AppliedCoupon, CartToDiscount, CouponsService } from './coupons.service.js'
export type { Reservation } from './coupons.repository.js'
export type { WelcomeCouponService } from './welcome-coupon.service.js'
