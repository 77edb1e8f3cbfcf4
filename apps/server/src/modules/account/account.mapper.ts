import type { SavedAddress, SavedAddressInput } from '@tavlin/contracts'
import type { AddressRow, AddressValues } from './account.repository.js'

export function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    _id: row.id,
    label: row.label,
    street: row.street,
    streetNum: row.streetNum,
    city: row.city,
    ...(row.postalCode ? { postal_code: row.postalCode } : {}),
    ...(row.entrance ? { entrance: row.entrance } : {}),
    ...(row.floor ? { floor: row.floor } : {}),
    ...(row.apartment ? { apartment: row.apartment } : {}),
    isDefault: row.isDefault,
  }
}

/** The row's columns from the form; `city` is the localities list's name, found by the service. */
export function addressValues(input: SavedAddressInput, city: string): AddressValues {
  return {
    label: input.label || null,
    street: input.street,
    streetNum: input.streetNum,
    city,
    postalCode: input.postal_code || null,
    entrance: input.entrance || null,
    floor: input.floor || null,
    apartment: input.apartment || null,
  }
}
