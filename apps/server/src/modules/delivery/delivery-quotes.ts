import {
  STANDARD_DELIVERY_ID,
  deliveryOptionOf,
  findLocality,
  toAgorot,
  type DeliveryCatalog,
  type DeliveryMethod,
  type DeliveryOption,
  type DeliveryUnavailableDetails,
} from '@tavlin/contracts'
import type { Executor } from '../../db/unit-of-work.js'
import { AppError, invalidField } from '../../lib/errors.js'
import type { DeliveryRepository } from './delivery.repository.js'
import { toMethod } from './delivery.mapper.js'

/** What checkout asks: the method chosen for the address's city. */
export type DeliveryChoice = { methodId?: string | undefined; city: string }

/** What the shop offers and what an order is charged for (decision 228). */
export function createDeliveryQuotes(repository: DeliveryRepository, standardMethod: DeliveryMethod) {
  /** `executor`: a transaction to read in (the order e-mail is written inside the order's). */
  async function shopCatalog(executor?: Executor): Promise<DeliveryCatalog> {
    const [rows, excludedCities] = await Promise.all([
      repository.list(executor),
      repository.excludedCities(executor),
    ])
    const active = rows.filter((row) => row.active).map(toMethod)
    return { methods: active.length > 0 ? active : [standardMethod], excludedCities }
  }

  /**
   * The option an order is charged for: the chosen method, to the address's city. The
   * browser's fee is never used; a city outside the list is a 400, a method that does not
   * go there (or no longer exists) a 422 DELIVERY_UNAVAILABLE.
   */
  async function quote(choice: DeliveryChoice): Promise<DeliveryOption> {
    const city = findLocality(choice.city)
    if (!city) throw invalidField('body.customer.address.city', 'validation.cityUnknown')
    const catalog = await shopCatalog()
    const isStandardOnly = catalog.methods.length === 1 && catalog.methods[0]!._id === STANDARD_DELIVERY_ID
    const methodId = choice.methodId ?? (isStandardOnly ? STANDARD_DELIVERY_ID : undefined)
    if (!methodId) throw invalidField('body.deliveryMethodId', 'validation.deliveryMethodRequired')
    const option = deliveryOptionOf(catalog, methodId, city)
    if (!option) {
      const details: DeliveryUnavailableDetails = { city, methodId }
      throw new AppError(
        'DELIVERY_UNAVAILABLE',
        'The chosen delivery method does not go to this city',
        details,
      )
    }
    return option
  }

  /**
   * The shipping a coupon check's totals include: the chosen method to the city when they
   * go together, else the shop's first method at its first price (the standard fee for a
   * shop with none). Only an estimate: checkout prices the shipping again with `quote`.
   */
  async function estimate(choice: {
    methodId?: string | undefined
    city?: string | undefined
  }): Promise<DeliveryOption> {
    if (choice.city) {
      try {
        return await quote({ methodId: choice.methodId, city: choice.city })
      } catch (error) {
        if (!(error instanceof AppError)) throw error
      }
    }
    const [first] = (await shopCatalog()).methods
    const zone = first!.zones.find((candidate) => candidate.everywhereElse) ?? first!.zones[0]
    return {
      method: first!,
      zoneName: zone?.name || null,
      feeAgorot: zone ? toAgorot(zone.price) : 0,
      freeAboveAgorot: first!.freeAbove === null ? null : toAgorot(first!.freeAbove),
    }
  }

  return { shopCatalog, quote, estimate }
}
