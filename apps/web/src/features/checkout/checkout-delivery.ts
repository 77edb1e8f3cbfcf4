import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  CheckoutCustomerSchema,
  DEFAULT_CHECKOUT_SETTINGS,
  checkoutCustomerSchemaFor,
  deliveryOptionsFor,
  findLocality,
  toAgorot,
  type CheckoutSettings,
  type DeliveryCatalog,
  type DeliveryOption,
} from '@tavlin/contracts'
import { deliveryQueries } from '../../api/delivery'
import { shopQueries } from '../../api/shop'

const { address } = CheckoutCustomerSchema.shape

/** The owner's checkout rules (decision 253), read again on every visit; any phone until known. */
export function useCheckoutRules(): CheckoutSettings {
  return useQuery(shopQueries.checkout()).data ?? DEFAULT_CHECKOUT_SETTINGS
}

/**
 * The checkout form's schema: the contract's under the owner's phone rule (decision 253),
 * with a city that must be an Israeli locality (decision 227), sent as the list names it.
 * Form-only: the server checks both on its own.
 */
export function checkoutFormSchemaFor(settings: CheckoutSettings) {
  return checkoutCustomerSchemaFor(settings).extend({
    address: address.extend({
      city: address.shape.city
        .refine((city) => city === '' || findLocality(city) !== null, { error: 'validation.cityUnknown' })
        .overwrite((city) => findLocality(city) ?? city),
    }),
  })
}

/**
 * The one option a catalog has whatever the city: a single active method that is pickup, or
 * home delivery with one zone of "everywhere" and no excluded cities (the shop's `standard`).
 * Known before the visitor picks a city, so the summary shows its fee from the start.
 */
function cityIndependentOption(catalog: DeliveryCatalog): DeliveryOption | null {
  const active = catalog.methods.filter((method) => method.active)
  const method = active.length === 1 ? active[0]! : null
  if (!method) return null
  const freeAboveAgorot = method.freeAbove === null ? null : toAgorot(method.freeAbove)
  if (method.kind === 'pickup') return { method, zoneName: null, feeAgorot: 0, freeAboveAgorot }
  const zone = method.zones.length === 1 ? method.zones[0]! : null
  if (!zone?.everywhereElse || catalog.excludedCities.length > 0) return null
  return { method, zoneName: zone.name, feeAgorot: toAgorot(zone.price), freeAboveAgorot }
}

/**
 * The delivery part of checkout (issue 19): the options for the address's city, the one the
 * visitor chose (or the only one there is), and the choice cleared when a new city no
 * longer has it.
 */
export function useCheckoutDelivery(city: string, isEnabled: boolean) {
  const catalog = useQuery({ ...deliveryQueries.catalog(), enabled: isEnabled })
  const [chosenId, setChosenId] = useState<string | null>(null)
  const locality = findLocality(city)
  const fixed = catalog.data ? cityIndependentOption(catalog.data) : null
  const options: DeliveryOption[] = !catalog.data
    ? []
    : locality
      ? deliveryOptionsFor(catalog.data, locality)
      : fixed
        ? [fixed]
        : []
  const isChosenAvailable = options.some((option) => option.method._id === chosenId)
  // A city the chosen method does not go to: the visitor chooses again.
  if (chosenId !== null && catalog.data && !isChosenAvailable) setChosenId(null)
  const option =
    options.length === 1
      ? options[0]!
      : (options.find((candidate) => candidate.method._id === chosenId) ?? null)
  return {
    query: catalog,
    options,
    option,
    locality,
    /** No city yet, and the options depend on it. */
    needsCity: catalog.data !== undefined && !locality && !fixed,
    choose: (methodId: string) => setChosenId(methodId),
  }
}
export type CheckoutDelivery = ReturnType<typeof useCheckoutDelivery>
