import { z } from 'zod'
import { OrderTrackingSchema } from './tracking.schemas.js'
import { IdSchema } from '../common/ids.js'
import { PAGE_SIZES } from '../common/page-sizes.js'
import { ORDER_STATUSES } from './order-status.js'
import { OrderMailEntrySchema } from './customer-mails.schemas.js'
import { MobilePhoneSchema, PhoneSchema, type CheckoutSettings } from './phone.js'
import { DeliveryMethodIdSchema, OrderDeliverySchema } from './delivery-methods.schemas.js'

/** Entrance, floor and apartment: optional, short (decision 226). */
const addressDetail = z.string().trim().max(10, { error: 'validation.tooLong' }).optional()

/** The checkout form (spec §5 Checkout). Messages are translation keys. */
export const CheckoutCustomerSchema = z.object({
  firstName: z
    .string({ error: 'validation.firstNameRequired' })
    .trim()
    .min(1, { error: 'validation.firstNameRequired' })
    .max(100),
  lastName: z
    .string({ error: 'validation.lastNameRequired' })
    .trim()
    .min(1, { error: 'validation.lastNameRequired' })
    .max(100),
  email: z.email({ error: 'validation.emailInvalid' }).max(254),
  // Any phone of the spec's ten characters; a shop whose couriers text the customer asks
  // for a mobile with checkoutCustomerSchemaFor (decision 253).
  phone: PhoneSchema,
  address: z.object({
    // The house number has its own field: this message asks for the street only.
    street: z
      .string({ error: 'validation.streetNameRequired' })
      .trim()
      .min(1, { error: 'validation.streetNameRequired' })
      .max(200),
    streetNum: z
      .string({ error: 'validation.streetNumRequired' })
      .trim()
      .min(1, { error: 'validation.streetNumRequired' })
      .max(20),
    city: z
      .string({ error: 'validation.cityRequired' })
      .trim()
      .min(1, { error: 'validation.cityRequired' })
      .max(100),
    postal_code: z.string().trim().max(20).optional(),
    entrance: addressDetail,
    floor: addressDetail,
    apartment: addressDetail,
  }),
  notes: z.string().trim().max(1000).optional(),
})
export type CheckoutCustomer = z.infer<typeof CheckoutCustomerSchema>

/** The checkout form under the owner's setting: a mobile only when couriers text the customer. */
export function checkoutCustomerSchemaFor(settings: CheckoutSettings) {
  return settings.mobilePhoneOnly
    ? CheckoutCustomerSchema.extend({ phone: MobilePhoneSchema })
    : CheckoutCustomerSchema
}

export const ItemTypeSchema = z.enum(['Product', 'Package'])
export type ItemType = z.infer<typeof ItemTypeSchema>

export const OrderItemInputSchema = z.object({
  itemId: IdSchema,
  itemType: ItemTypeSchema,
  /** A product's sizeName; PACKAGE_SIZE for packages. */
  size: z.string().trim().min(1, { error: 'validation.sizeRequired' }).max(100),
  quantity: z
    .number({ error: 'validation.quantityMin' })
    .int({ error: 'validation.quantityMin' })
    .min(1, { error: 'validation.quantityMin' })
    .max(999, { error: 'validation.quantityMax' }),
  /** Unit price the cart showed, in shekels. Never trusted; only compared. */
  price: z.number().nonnegative(),
})
export type OrderItemInput = z.infer<typeof OrderItemInputSchema>

export const GenerateSaleRequestSchema = z.object({
  orderItems: z.array(OrderItemInputSchema).min(1, { error: 'validation.cartEmpty' }).max(100),
  /** What the checkout showed the customer: item lines plus shipping, in shekels. */
  totalPrice: z.number().nonnegative(),
  customer: CheckoutCustomerSchema,
  /** A coupon the customer applied; checked again and its discount computed again here. */
  couponCode: z.string().trim().min(1).max(40).optional(),
  /**
   * The delivery method chosen for the address's city; its fee is computed again here
   * (decision 228). May be left out only by a shop with no methods of its own (`standard`).
   */
  deliveryMethodId: DeliveryMethodIdSchema.optional(),
  /**
   * The unticked box "I agree to marketing mail" (Communications Law §30א): the address gets the
   * mailing list's confirmation link, and only its confirmation records the consent (decision 237).
   */
  marketingConsent: z.boolean().optional(),
})
export type GenerateSaleRequest = z.infer<typeof GenerateSaleRequestSchema>

export const OrderStatusSchema = z.enum(ORDER_STATUSES)

export const GenerateSaleResponseSchema = z.object({
  paymentLink: z.url(),
  order: z.object({
    _id: z.string(),
    number: z.string(),
    totalPrice: z.number(),
    /** Lets the payment-pending page read this order's status without signing in. */
    statusToken: z.string(),
  }),
  /**
   * Until when the payment page takes payments (its attempts included): a retry with the
   * same details until then goes back to this order (issue 35). Null on orders before issue 32.
   */
  payableUntil: z.string().nullable().optional(),
})
export type GenerateSaleResponse = z.infer<typeof GenerateSaleResponseSchema>

/** Details of 409 PRICE_CHANGED: the current prices, so the cart can show them. */
export const PriceChangedDetailsSchema = z.object({
  orderItems: z.array(
    z.object({ itemId: z.string(), itemType: ItemTypeSchema, size: z.string(), price: z.number() }),
  ),
  subtotal: z.number(),
  discount: z.number().optional(),
  shippingFee: z.number(),
  totalPrice: z.number(),
})
export type PriceChangedDetails = z.infer<typeof PriceChangedDetailsSchema>

export const OrderStatusQuerySchema = z.object({ token: z.string().min(1).max(200) })
export const OrderStatusResponseSchema = z.object({
  _id: z.string(),
  orderStatus: OrderStatusSchema,
  /** TV-1234: the pending page shows it even when opened from PayPlus's return, not from checkout. */
  number: z.string(),
  /** The payment page, while the order can still be paid there (a declined card may try again). */
  paymentLink: z.string().nullable(),
  /** Until when the page takes payments and the order holds its units (ISO); null once it is settled. */
  payableUntil: z.string().nullable(),
  /** The latest card tried on the open page was declined: the shopper may try another there. */
  isDeclined: z.boolean(),
  /** The courier and tracking number, once the shop sent the parcel (issue 41). */
  tracking: OrderTrackingSchema.nullable().default(null),
})
export type OrderStatusResponse = z.infer<typeof OrderStatusResponseSchema>

export const OrderLineSchema = z.object({
  itemId: z.string(),
  itemType: ItemTypeSchema,
  item: z.object({ name: z.string() }),
  size: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  lineTotal: z.number(),
})
export type OrderLine = z.infer<typeof OrderLineSchema>

export const OrderTotalsSchema = z.object({
  subtotal: z.number(),
  /** What the coupon took off the items (0 without one); its own line on every receipt. */
  discount: z.number().default(0),
  couponCode: z.string().nullable().default(null),
  shippingFee: z.number(),
  /** The delivery method, as it was when the order was placed; null on orders from before it. */
  delivery: OrderDeliverySchema.nullable().default(null),
  /** VAT contained in totalPrice (prices include VAT). */
  vat: z.number(),
  vatRate: z.number(),
  totalPrice: z.number(),
})

export const CardInformationSchema = z.object({
  card_holder_name: z.string(),
  /** Masked: only the last digits are kept (DESIGN §5). */
  identification_number: z.string(),
  brand_id: z.union([z.string(), z.number()]).nullable(),
  brand_name: z.string(),
  four_digits: z.string(),
})
export type CardInformation = z.infer<typeof CardInformationSchema>

/** GET /api/orders/{orderId}/{transactionUid}: what the thank-you page shows. */
export const ThankYouSchema = OrderTotalsSchema.extend({
  _id: z.string(),
  number: z.string(),
  orderStatus: OrderStatusSchema,
  customer_email: z.string(),
  card_information: CardInformationSchema.nullable(),
  orderItems: z.array(OrderLineSchema),
  createdAt: z.string(),
  /** The receipt PayPlus's invoice module issued, when it is on. */
  documentUrl: z.string().nullable().optional(),
})
export type ThankYou = z.infer<typeof ThankYouSchema>

/**
 * The customer of an order as stored, not as checkout checks it: an order placed before a
 * rule (the phone of decision 225) keeps what it had, and an erased one (decision 201, a
 * deleted account or the admin's erasure) has its personal fields emptied or masked: no
 * last name, no phone or address, an `@invalid` e-mail (issue 33).
 */
export const StoredCustomerSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.object({
    street: z.string(),
    streetNum: z.string(),
    city: z.string(),
    postal_code: z.string().optional(),
    entrance: z.string().optional(),
    floor: z.string().optional(),
    apartment: z.string().optional(),
  }),
  notes: z.string().optional(),
})
export type StoredCustomer = z.infer<typeof StoredCustomerSchema>

/** An order as the admin area sees it (spec §3 "Order (admin)"). */
export const AdminOrderSchema = OrderTotalsSchema.extend({
  _id: z.string(),
  number: z.string(),
  customer: StoredCustomerSchema,
  /** When the customer's personal fields were erased (issue 33); null while they are there. */
  erasedAt: z.string().nullable().default(null),
  /**
   * When the shopper deleted their account while this order was still open (decision 254): its
   * delivery details stay until it closes, then they are erased. Null otherwise, and once erased.
   */
  erasureRequestedAt: z.string().nullable().default(null),
  orderItems: z.array(OrderLineSchema),
  orderStatus: OrderStatusSchema,
  /** Set when the provider's answer did not match the order (amount, currency, order id). */
  needsReview: z.boolean(),
  reviewReason: z.string().nullable(),
  transactionUid: z.string().nullable(),
  /** Card details from the verified payment (masked ID), when paid. */
  payment: z
    .object({
      cardHolderName: z.string().nullable(),
      /** PayPlus's brand id, when the provider sent one; the name is read first (`cardBrandOf`). */
      brandId: z.union([z.string(), z.number()]).nullable().optional(),
      brandName: z.string().nullable(),
      fourDigits: z.string().nullable(),
      identificationNumber: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /** Every status the order has had, oldest first, with who changed it (null: the system). */
  statusHistory: z
    .array(z.object({ status: OrderStatusSchema, at: z.string(), actorEmail: z.string().nullable() }))
    .optional(),
  /** What the shopper was sent about the order, or why not (issue 41). */
  mails: z.array(OrderMailEntrySchema).optional(),
  paidAt: z.string().nullable(),
  /** The courier and tracking number the owner recorded (issue 41). */
  tracking: OrderTrackingSchema.nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminOrder = z.infer<typeof AdminOrderSchema>

/** A calendar day, YYYY-MM-DD. */
export const LocalDateSchema = z.iso.date({ error: 'validation.dateInvalid' })

export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number]

export const AdminOrderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.adminOrders),
  status: OrderStatusSchema.optional(),
  /** Part of an order number (TV-1001), a customer's name, phone or e-mail. */
  search: z.string().trim().max(200).optional(),
  /** Days in the shop's time zone, both included. */
  from: LocalDateSchema.optional(),
  to: LocalDateSchema.optional(),
  sort: z.enum(ADMIN_ORDER_SORTS).default('newest'),
  /** Paid or being prepared for longer than the dashboard allows (LATE_AFTER_DAYS). */
  late: z.stringbool().optional(),
})
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuerySchema>

/** The accountant's file: the list's filters, one row per order or per order line. */
export const OrdersExportQuerySchema = AdminOrderListQuerySchema.pick({
  status: true,
  search: true,
  from: true,
  to: true,
}).extend({ lines: z.stringbool().default(false) })
export type OrdersExportQuery = z.infer<typeof OrdersExportQuerySchema>

export const OrderStatusPatchSchema = z.object({ orderStatus: OrderStatusSchema })
export type OrderStatusPatch = z.infer<typeof OrderStatusPatchSchema>

export const OrderIdParamsSchema = z.object({ orderId: IdSchema, transactionUid: z.string().min(1).max(200) })
