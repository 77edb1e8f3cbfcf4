import { z } from 'zod'
import { OrderTrackingSchema } from '../orders/tracking.schemas.js'
import { paged } from '../common/envelope.js'
import { IdSchema } from '../common/ids.js'
import { PAGE_SIZES } from '../common/page-sizes.js'
import {
  CheckoutCustomerSchema,
  ItemTypeSchema,
  OrderLineSchema,
  OrderStatusSchema,
  OrderTotalsSchema,
} from '../orders/order.schemas.js'

/**
 * Shopper accounts (issue 22, decision 230): a shopper is whoever holds a valid access token
 * of the shop's identity provider, known by its subject (`sub`); the roles claim alone makes
 * an administrator. Guest checkout is unchanged: an account is an option, never a wall.
 */

/** How many addresses one shopper may keep (409 ADDRESS_LIMIT_REACHED past it). */
export const MAX_SAVED_ADDRESSES = 20

/**
 * A saved address: the checkout's address fields, with a label the shopper chooses. The
 * city must be an Israeli locality (400 `validation.cityUnknown`); the list's name is stored.
 */
export const SavedAddressInputSchema = CheckoutCustomerSchema.shape.address.extend({
  /** "בית", "עבודה" … optional. */
  label: z.string().trim().max(40, { error: 'validation.tooLong' }).optional(),
  /** The one checkout fills in first; the first address saved becomes it. */
  isDefault: z.boolean().default(false),
})
export type SavedAddressInput = z.infer<typeof SavedAddressInputSchema>

export const SavedAddressSchema = z.object({
  _id: z.string(),
  label: z.string().nullable(),
  street: z.string(),
  streetNum: z.string(),
  city: z.string(),
  postal_code: z.string().optional(),
  entrance: z.string().optional(),
  floor: z.string().optional(),
  apartment: z.string().optional(),
  isDefault: z.boolean(),
})
export type SavedAddress = z.infer<typeof SavedAddressSchema>

export const SavedAddressListSchema = z.object({ items: z.array(SavedAddressSchema) })
export const AddressIdParamsSchema = z.object({ addressId: IdSchema })

/** GET /api/account: who is signed in, and what they keep with the shop. */
export const AccountProfileSchema = z.object({
  email: z.string(),
  /** From the identity provider: only a confirmed address may claim guest orders. */
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  /** Marketing mail (Communications Law §30א): recorded with its wording, like the forms'. */
  marketingConsent: z.boolean(),
  /** The account lives in the shop's own provider (can be deleted here), or in an external one. */
  isLocalAccount: z.boolean(),
  /**
   * Orders still on their way (or waiting for payment): deleting the account keeps their
   * delivery details until they are delivered or cancelled (decision 254), and says so first.
   */
  openOrders: z.number().int().min(0),
})
export type AccountProfile = z.infer<typeof AccountProfileSchema>

/** PUT /api/account. */
export const AccountProfileInputSchema = z.object({
  firstName: CheckoutCustomerSchema.shape.firstName,
  lastName: CheckoutCustomerSchema.shape.lastName,
  phone: CheckoutCustomerSchema.shape.phone.nullable().default(null),
  marketingConsent: z.boolean().default(false),
})
export type AccountProfileInput = z.infer<typeof AccountProfileInputSchema>

/** An order as its shopper sees it under "החשבון שלי". */
export const AccountOrderSchema = OrderTotalsSchema.extend({
  _id: z.string(),
  number: z.string(),
  orderStatus: OrderStatusSchema,
  orderItems: z.array(OrderLineSchema),
  createdAt: z.string(),
  /** The receipt PayPlus's invoice module issued, when there is one. */
  documentUrl: z.string().nullable(),
  /** The courier and tracking number, once the shop sent the parcel (issue 41). */
  tracking: OrderTrackingSchema.nullable().default(null),
})
export type AccountOrder = z.infer<typeof AccountOrderSchema>

export const AccountOrderListSchema = paged(AccountOrderSchema)
export type AccountOrderList = z.infer<typeof AccountOrderListSchema>

export const AccountOrderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.adminOrders),
})

export const AccountOrderIdParamsSchema = z.object({ orderId: IdSchema })

/** Why a line of an old order cannot be ordered again. */
export const REORDER_SKIP_REASONS = ['gone', 'size_gone', 'sold_out'] as const

/**
 * POST /api/account/orders/{orderId}/reorder: the order's lines at today's prices, for the
 * cart (capped at what is left in stock), and the lines left out with the reason.
 */
export const ReorderSchema = z.object({
  lines: z.array(
    z.object({
      itemId: z.string(),
      itemType: ItemTypeSchema,
      size: z.string(),
      name: z.string(),
      quantity: z.number().int().min(1),
      /** Today's unit price, in shekels. */
      price: z.number(),
      /** The unit price on the old order, when it differs from today's. */
      previousPrice: z.number().nullable(),
    }),
  ),
  skipped: z.array(
    z.object({
      itemId: z.string(),
      itemType: ItemTypeSchema,
      size: z.string(),
      name: z.string(),
      reason: z.enum(REORDER_SKIP_REASONS),
    }),
  ),
})
export type Reorder = z.infer<typeof ReorderSchema>

/** POST /api/account/claim-orders: guest orders placed with the account's confirmed e-mail. */
export const ClaimOrdersResultSchema = z.object({ claimed: z.number().int().min(0) })
export type ClaimOrdersResult = z.infer<typeof ClaimOrdersResultSchema>

/**
 * DELETE /api/account: the profile and addresses are gone, marketing consent withdrawn, and
 * the personal fields of the shopper's orders masked (amounts and lines stay, decision 201).
 */
export const AccountDeletionResultSchema = z.object({
  deleted: z.literal(true),
  ordersMasked: z.number().int().min(0),
  /** Open orders whose delivery details stay until they close (decision 254). */
  ordersKept: z.number().int().min(0),
})
export type AccountDeletionResult = z.infer<typeof AccountDeletionResultSchema>
