import { z } from 'zod'
import { IdSchema } from '../common/ids.js'
import { shekelAmount } from '../common/money.schemas.js'
import { findLocality } from './localities.js'

/**
 * Delivery methods (issue 19, decision 228): home delivery priced per zone of cities, or
 * pickup from the shop (free). A shop that defines none has one method, `standard`, priced
 * by SHIPPING_FEE everywhere.
 */
export const DELIVERY_KINDS = ['delivery', 'pickup'] as const
export const DeliveryKindSchema = z.enum(DELIVERY_KINDS)
export type DeliveryKind = z.infer<typeof DeliveryKindSchema>

/** The method of a shop that defines none: SHIPPING_FEE, everywhere, DELIVERY_DAYS_MIN/MAX. */
export const STANDARD_DELIVERY_ID = 'standard'

/** A method's id at checkout: a defined method's uuid, or `standard`. */
export const DeliveryMethodIdSchema = z.union([IdSchema, z.literal(STANDARD_DELIVERY_ID)], {
  error: 'validation.deliveryMethodRequired',
})

/** A fee of 0 (free) or more, in shekels with at most two decimals. */
const feeSchema = z
  .number({ error: 'validation.deliveryPriceInvalid' })
  .min(0, { error: 'validation.deliveryPriceInvalid' })
  .max(10_000, { error: 'validation.deliveryPriceInvalid' })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    error: 'validation.tooManyDecimals',
  })

const CityNameSchema = z.string().trim().min(1, { error: 'validation.cityUnknown' }).max(100)

export const DeliveryZoneSchema = z.object({
  name: z
    .string({ error: 'validation.zoneNameRequired' })
    .trim()
    .min(1, { error: 'validation.zoneNameRequired' })
    .max(60, { error: 'validation.tooLong' }),
  price: feeSchema,
  /** Localities, as the list names them; empty for the zone of "everywhere else". */
  cities: z.array(CityNameSchema).max(2_000).default([]),
  /** Every city no other zone names (and that is not excluded). */
  everywhereElse: z.boolean().default(false),
})
export type DeliveryZone = z.infer<typeof DeliveryZoneSchema>

const deliveryDays = z
  .number({ error: 'validation.deliveryDaysInvalid' })
  .int({ error: 'validation.deliveryDaysInvalid' })
  .min(0, { error: 'validation.deliveryDaysInvalid' })
  .max(60, { error: 'validation.deliveryDaysInvalid' })

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .nullable()
    .default(null)
    .transform((value) => (value ? value : null))

/** The admin's method form (create and edit). Amounts in shekels. */
export const DeliveryMethodInputSchema = z
  .object({
    kind: DeliveryKindSchema,
    name: z
      .string({ error: 'validation.deliveryNameRequired' })
      .trim()
      .min(1, { error: 'validation.deliveryNameRequired' })
      .max(80, { error: 'validation.tooLong' }),
    active: z.boolean().default(true),
    /** Business days to the door (delivery) or until the order is ready (pickup). */
    daysMin: deliveryDays,
    daysMax: deliveryDays,
    /** Items (after a coupon's discount) at or above this ship free; null: never. */
    freeAbove: shekelAmount('validation.deliveryPriceInvalid').nullable().default(null),
    /** Home delivery: at least one. Pickup: none. */
    zones: z.array(DeliveryZoneSchema).max(50).default([]),
    /** Pickup: where and when. */
    pickupAddress: optionalText(300),
    openingHours: optionalText(500),
    /** Order at checkout, smallest first. */
    position: z.number().int().min(0).max(1_000).default(0),
  })
  .superRefine((method, context) => {
    const issue = (path: PropertyKey[], message: string) =>
      context.addIssue({ code: 'custom', path, message })
    if (method.daysMin > method.daysMax) issue(['daysMax'], 'validation.deliveryDaysInvalid')
    if (method.kind === 'pickup') {
      if (!method.pickupAddress) issue(['pickupAddress'], 'validation.pickupAddressRequired')
      if (!method.openingHours) issue(['openingHours'], 'validation.openingHoursRequired')
      if (method.zones.length > 0) issue(['zones'], 'validation.pickupHasNoZones')
      return
    }
    if (method.zones.length === 0) issue(['zones'], 'validation.zonesRequired')
    const seen = new Map<string, number>()
    let everywhereElse = 0
    method.zones.forEach((zone, zoneIndex) => {
      if (zone.everywhereElse) {
        everywhereElse++
        if (everywhereElse > 1) issue(['zones', zoneIndex, 'everywhereElse'], 'validation.zoneRestTwice')
        if (zone.cities.length > 0) issue(['zones', zoneIndex, 'cities'], 'validation.zoneRestHasCities')
        return
      }
      if (zone.cities.length === 0) issue(['zones', zoneIndex, 'cities'], 'validation.zoneCitiesRequired')
      zone.cities.forEach((city, cityIndex) => {
        const name = findLocality(city)
        if (!name) return issue(['zones', zoneIndex, 'cities', cityIndex], 'validation.cityUnknown')
        if (seen.has(name)) issue(['zones', zoneIndex, 'cities', cityIndex], 'validation.zoneCityTwice')
        seen.set(name, zoneIndex)
      })
    })
  })
export type DeliveryMethodInput = z.infer<typeof DeliveryMethodInputSchema>

/** A method as the admin and the shop see it. */
export const DeliveryMethodSchema = z.object({
  _id: z.string(),
  kind: DeliveryKindSchema,
  name: z.string(),
  active: z.boolean(),
  daysMin: z.number().int(),
  daysMax: z.number().int(),
  freeAbove: z.number().nullable(),
  zones: z.array(
    z.object({
      name: z.string(),
      price: z.number(),
      cities: z.array(z.string()),
      everywhereElse: z.boolean(),
    }),
  ),
  pickupAddress: z.string().nullable(),
  openingHours: z.string().nullable(),
  position: z.number().int(),
})
export type DeliveryMethod = z.infer<typeof DeliveryMethodSchema>

export const DeliveryMethodIdParamsSchema = z.object({ methodId: IdSchema })

/** Cities the shop does not deliver to (pickup is still offered there). */
export const DeliverySettingsSchema = z.object({
  excludedCities: z
    .array(CityNameSchema)
    .max(2_000)
    .superRefine((cities, context) => {
      cities.forEach((city, index) => {
        if (!findLocality(city))
          context.addIssue({ code: 'custom', path: [index], message: 'validation.cityUnknown' })
      })
    }),
})
export type DeliverySettings = z.infer<typeof DeliverySettingsSchema>

/**
 * GET /api/delivery (the shop) and GET /api/admin/delivery: the methods, in checkout order
 * (the shop sees only active ones; `standard` when the owner defined none), and the cities
 * without delivery.
 */
export const DeliveryCatalogSchema = z.object({
  methods: z.array(DeliveryMethodSchema),
  excludedCities: z.array(z.string()),
})
export type DeliveryCatalog = z.infer<typeof DeliveryCatalogSchema>

/** The method an order was placed with, as it was then: its own line on every receipt. */
export const OrderDeliverySchema = z.object({
  methodId: z.string().nullable(),
  kind: DeliveryKindSchema,
  name: z.string(),
  /** The zone the city fell in (home delivery), or null. */
  zoneName: z.string().nullable(),
  daysMin: z.number().int(),
  daysMax: z.number().int(),
  pickupAddress: z.string().nullable(),
  openingHours: z.string().nullable(),
})
export type OrderDelivery = z.infer<typeof OrderDeliverySchema>

/** Why the chosen method cannot take this order; each has its Hebrew reason in the web app. */
export type DeliveryUnavailableDetails = { city: string; methodId: string }
