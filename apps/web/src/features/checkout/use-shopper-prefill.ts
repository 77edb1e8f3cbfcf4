import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { UseFormReturn } from 'react-hook-form'
import type { CheckoutCustomer, SavedAddress } from '@tavlin/contracts'
import { accountQueries } from '../../api/account'
import { apiAuth } from '../../lib/api-auth'

type Form = UseFormReturn<CheckoutCustomer>
type Field = 'firstName' | 'lastName' | 'email' | 'phone'

/** Puts the saved address in the address fields (everything stays editable). */
function fillAddress(form: Form, address: SavedAddress) {
  const { street, streetNum, city, entrance = '', floor = '', apartment = '', postal_code = '' } = address
  const values = { street, streetNum, city, entrance, floor, apartment, postal_code }
  for (const [name, value] of Object.entries(values)) {
    form.setValue(`address.${name as keyof typeof values}`, value, { shouldDirty: true })
  }
}

/**
 * A signed-in shopper's checkout (issue 22): their names, e-mail and phone, and their default
 * address, in the fields the shopper has not typed in yet. Guests: nothing is asked for.
 * Whether someone is signed in comes from lib/api-auth, which auth keeps informed.
 */
export function useShopperPrefill(form: Form): {
  addresses: SavedAddress[]
  onChoose: (address: SavedAddress) => void
} {
  const isSignedIn = useSyncExternalStore(apiAuth.subscribeSignedIn, apiAuth.isSignedIn, () => false)
  const profile = useQuery({ ...accountQueries.profile(), enabled: isSignedIn })
  const addresses = useQuery({ ...accountQueries.addresses(), enabled: isSignedIn })
  const done = useRef({ profile: false, address: false })

  useEffect(() => {
    if (!profile.data || done.current.profile) return
    done.current.profile = true
    const { firstName, lastName, email, phone } = profile.data
    const values: Record<Field, string> = { firstName, lastName, email, phone: phone ?? '' }
    for (const [name, value] of Object.entries(values) as Array<[Field, string]>) {
      if (value && !form.getValues(name)) form.setValue(name, value, { shouldDirty: true })
    }
  }, [profile.data, form])

  useEffect(() => {
    const preferred = addresses.data?.items.find((address) => address.isDefault)
    if (!preferred || done.current.address) return
    done.current.address = true
    if (!form.getValues('address.street') && !form.getValues('address.city')) fillAddress(form, preferred)
  }, [addresses.data, form])

  return {
    addresses: isSignedIn ? (addresses.data?.items ?? []) : [],
    onChoose: (address) => fillAddress(form, address),
  }
}
