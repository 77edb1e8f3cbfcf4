import type { Courier, CourierInput } from '@tavlin/contracts'
import { AppError, notFound } from '../../lib/errors.js'
import { isUniqueViolation } from '../../lib/pg-errors.js'
import type { Actor, AuditService } from '../audit/index.js'
import type { CourierRow, CouriersRepository } from './couriers.repository.js'

function toCourier(row: CourierRow): Courier {
  return { _id: row.id, name: row.name, urlPattern: row.urlPattern }
}

/**
 * The couriers the owner sends with (issue 41): names and public tracking addresses only.
 * The shop never calls a courier's servers (decision 263).
 */
export function createCouriersService(deps: { repository: CouriersRepository; audit: AuditService }) {
  const { repository, audit } = deps
  return {
    async list(): Promise<Courier[]> {
      return (await repository.list()).map(toCourier)
    },

    async findById(id: string): Promise<Courier | null> {
      const row = await repository.findById(id)
      return row ? toCourier(row) : null
    },

    async create(input: CourierInput, actor?: Actor): Promise<Courier> {
      let row: CourierRow
      try {
        row = await repository.insert(input)
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('COURIER_NAME_TAKEN', 'Another courier has this name')
        throw error
      }
      await audit.record(actor, {
        action: 'create',
        entityType: 'courier',
        entityId: row.id,
        summary: row.name,
      })
      return toCourier(row)
    },

    async remove(id: string, actor?: Actor): Promise<{ _id: string }> {
      const row = await repository.remove(id)
      if (!row) throw notFound('Courier')
      await audit.record(actor, { action: 'delete', entityType: 'courier', entityId: id, summary: row.name })
      return { _id: id }
    },
  }
}
export type CouriersService = ReturnType<typeof createCouriersService>
