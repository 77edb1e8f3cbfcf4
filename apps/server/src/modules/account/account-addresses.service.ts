import {
  MAX_SAVED_ADDRESSES,
  findLocality,
  type SavedAddress,
  type SavedAddressInput,
} from '@tavlin/contracts'
import type { UnitOfWork } from '../../db/unit-of-work.js'
import { AppError, invalidField, notFound } from '../../lib/errors.js'
import { addressValues, toSavedAddress } from './account.mapper.js'
import type { AccountRepository } from './account.repository.js'

/**
 * A shopper's saved addresses (decision 230). Exactly one is the default while there are
 * any: the first saved becomes it, choosing another moves the mark, and deleting the default
 * passes it to the oldest left. Unmarking the default alone changes nothing. Every write runs
 * in a transaction that holds the shopper's address lock, so two tabs cannot break the rule.
 */
export function createAddressesService(deps: { repository: AccountRepository; unitOfWork: UnitOfWork }) {
  const { repository, unitOfWork } = deps

  const cityOf = (input: SavedAddressInput): string => {
    const city = findLocality(input.city)
    if (!city) throw invalidField('body.city', 'validation.cityUnknown')
    return city
  }

  const list = async (subject: string) => ({
    items: (await repository.addresses(subject)).map(toSavedAddress),
  })

  return {
    list,

    async create(subject: string, input: SavedAddressInput): Promise<SavedAddress> {
      const values = addressValues(input, cityOf(input))
      return unitOfWork.run(async (tx) => {
        await repository.lockAddresses(tx, subject)
        const count = await repository.countAddresses(tx, subject)
        if (count >= MAX_SAVED_ADDRESSES) {
          throw new AppError('ADDRESS_LIMIT_REACHED', `At most ${MAX_SAVED_ADDRESSES} saved addresses`, {
            max: MAX_SAVED_ADDRESSES,
          })
        }
        const row = await repository.insertAddress(tx, { ...values, subject, isDefault: false })
        if (count > 0 && !input.isDefault) return toSavedAddress(row)
        await repository.makeDefault(tx, subject, row.id)
        return toSavedAddress({ ...row, isDefault: true })
      })
    },

    async update(subject: string, id: string, input: SavedAddressInput): Promise<SavedAddress> {
      const values = addressValues(input, cityOf(input))
      return unitOfWork.run(async (tx) => {
        await repository.lockAddresses(tx, subject)
        const row = await repository.updateAddress(tx, subject, id, values)
        if (!row) throw notFound('Address')
        if (!input.isDefault || row.isDefault) return toSavedAddress(row)
        await repository.makeDefault(tx, subject, id)
        return toSavedAddress({ ...row, isDefault: true })
      })
    },

    async setDefault(subject: string, id: string) {
      await unitOfWork.run(async (tx) => {
        await repository.lockAddresses(tx, subject)
        if (!(await repository.findAddress(tx, subject, id))) throw notFound('Address')
        await repository.makeDefault(tx, subject, id)
      })
      return list(subject)
    },

    async remove(subject: string, id: string) {
      await unitOfWork.run(async (tx) => {
        await repository.lockAddresses(tx, subject)
        const row = await repository.deleteAddress(tx, subject, id)
        if (!row) throw notFound('Address')
        if (!row.isDefault) return
        const [next] = await repository.addresses(subject, tx)
        if (next) await repository.makeDefault(tx, subject, next.id)
      })
      return list(subject)
    },
  }
}
export type AddressesService = ReturnType<typeof createAddressesService>
