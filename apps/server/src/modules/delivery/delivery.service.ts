import {
  findLocality,
  type DeliveryCatalog,
  type DeliveryMethod,
  type DeliveryMethodInput,
  type DeliverySettings,
} from '@tavlin/contracts'
import { notFound } from '../../lib/errors.js'
import type { Actor, AuditService } from '../audit/index.js'
import type { DeliveryRepository } from './delivery.repository.js'
import { standardMethodOf, toMethod, toRow } from './delivery.mapper.js'
import { createDeliveryQuotes } from './delivery-quotes.js'
import { deliveryTermsOf, type DeliveryTerms } from './delivery-terms.js'
import type { Executor } from '../../db/unit-of-work.js'

export type DeliveryDeps = {
  repository: DeliveryRepository
  audit: AuditService
  /** SHIPPING_FEE and DELIVERY_DAYS_MIN/MAX: the one method of a shop that defines none. */
  standard: { feeAgorot: number; days: { min: number; max: number } }
}

/**
 * The delivery service (decision 228): the owner's methods and excluded cities, what the
 * shop offers, and the option an order is charged for, worked out again on the server.
 */
export function createDeliveryService(deps: DeliveryDeps) {
  const { repository, audit } = deps
  const { shopCatalog, quote, estimate } = createDeliveryQuotes(repository, standardMethodOf(deps.standard))

  return {
    shopCatalog,

    /** Every delivery sentence the shop shows, from the methods it offers now (issue 35). */
    async terms(executor?: Executor): Promise<DeliveryTerms> {
      return deliveryTermsOf(await shopCatalog(executor))
    },

    /** Every method the owner defined, active or not (never `standard`), and the excluded cities. */
    async adminCatalog(): Promise<DeliveryCatalog> {
      const [rows, excludedCities] = await Promise.all([repository.list(), repository.excludedCities()])
      return { methods: rows.map(toMethod), excludedCities }
    },

    async create(input: DeliveryMethodInput, actor?: Actor): Promise<DeliveryMethod> {
      const row = await repository.insert(toRow(input))
      await audit.record(actor, {
        action: 'create',
        entityType: 'delivery',
        entityId: row.id,
        summary: row.name,
      })
      return toMethod(row)
    },

    async update(id: string, input: DeliveryMethodInput, actor?: Actor): Promise<DeliveryMethod> {
      const row = await repository.update(id, toRow(input))
      if (!row) throw notFound('Delivery method')
      await audit.record(actor, { action: 'update', entityType: 'delivery', entityId: id, summary: row.name })
      return toMethod(row)
    },

    async remove(id: string, actor?: Actor): Promise<{ _id: string }> {
      const row = await repository.remove(id)
      if (!row) throw notFound('Delivery method')
      await audit.record(actor, { action: 'delete', entityType: 'delivery', entityId: id, summary: row.name })
      return { _id: id }
    },

    async saveSettings(settings: DeliverySettings, actor?: Actor): Promise<DeliverySettings> {
      const excludedCities = [...new Set(settings.excludedCities.map((city) => findLocality(city)!))].sort()
      await repository.replaceExcludedCities(excludedCities)
      await audit.record(actor, {
        action: 'update',
        entityType: 'delivery',
        entityId: 'excluded-cities',
        summary: excludedCities.length > 0 ? excludedCities.join(', ') : '—',
      })
      return { excludedCities }
    },

    quote,

    estimate,
  }
}
export type DeliveryService = ReturnType<typeof createDeliveryService>
