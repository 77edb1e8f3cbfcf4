import {
  DeliveryMethodInputSchema,
  ErrorDetailSchema,
  type DeliveryKind,
  type DeliveryMethod,
  type DeliveryMethodInput,
} from '@tavlin/contracts'
import { isApiError } from '../../lib/api-error'

/** A zone as typed: the price a string, '' for none yet. `key` keeps React's rows apart. */
export type ZoneDraft = {
  key: string
  name: string
  price: string
  cities: string[]
  everywhereElse: boolean
}

/** The method form as typed (numbers as strings, '' for "none"). */
export type DeliveryDraft = {
  kind: DeliveryKind
  name: string
  daysMin: string
  daysMax: string
  freeAbove: string
  active: boolean
  position: string
  zones: ZoneDraft[]
  pickupAddress: string
  openingHours: string
}

/** Messages by path, as zod and the server name them: `name`, `zones.1.cities.0`. */
export type DraftErrors = Record<string, string>

let nextKey = 0
export const newZone = (): ZoneDraft => ({
  key: `zone-${++nextKey}`,
  name: '',
  price: '',
  cities: [],
  everywhereElse: false,
})

export const EMPTY_DRAFT: DeliveryDraft = {
  kind: 'delivery',
  name: '',
  daysMin: '',
  daysMax: '',
  freeAbove: '',
  active: true,
  position: '0',
  zones: [newZone()],
  pickupAddress: '',
  openingHours: '',
}

const text = (value: number | string | null) => (value === null ? '' : String(value))

export function draftOf(method: DeliveryMethod): DeliveryDraft {
  return {
    kind: method.kind,
    name: method.name,
    daysMin: text(method.daysMin),
    daysMax: text(method.daysMax),
    freeAbove: text(method.freeAbove),
    active: method.active,
    position: text(method.position),
    zones: method.zones.map((zone) => ({ ...newZone(), ...zone, price: text(zone.price) })),
    pickupAddress: text(method.pickupAddress),
    openingHours: text(method.openingHours),
  }
}

/** A method as saved, switched on or off. */
export function inputOf(method: DeliveryMethod, active: boolean): DeliveryMethodInput {
  const { _id: _ignored, ...input } = method
  return { ...input, active }
}

const numberOrNaN = (value: string) => (value.trim() === '' ? Number.NaN : Number(value))

/** The draft checked by the server's own schema: the input, or a message per path. */
export function parseDraft(
  draft: DeliveryDraft,
): { input: DeliveryMethodInput; errors: null } | { input: null; errors: DraftErrors } {
  const isPickup = draft.kind === 'pickup'
  const parsed = DeliveryMethodInputSchema.safeParse({
    kind: draft.kind,
    name: draft.name,
    active: draft.active,
    daysMin: numberOrNaN(draft.daysMin),
    daysMax: numberOrNaN(draft.daysMax),
    freeAbove: draft.freeAbove.trim() === '' ? null : Number(draft.freeAbove),
    position: draft.position.trim() === '' ? 0 : Number(draft.position),
    zones: isPickup
      ? []
      : draft.zones.map(({ name, price, cities, everywhereElse }) => ({
          name,
          price: numberOrNaN(price),
          cities: everywhereElse ? [] : cities,
          everywhereElse,
        })),
    pickupAddress: isPickup ? draft.pickupAddress : null,
    openingHours: isPickup ? draft.openingHours : null,
  })
  if (parsed.success) return { input: parsed.data, errors: null }
  const errors: DraftErrors = {}
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message
  return { input: null, errors }
}

/** A 400's details as messages by path (`body.` dropped), or null for any other failure. */
export function serverErrorsOf(error: unknown): DraftErrors | null {
  if (!isApiError(error) || error.code !== 'VALIDATION_ERROR' || !Array.isArray(error.details)) return null
  const errors: DraftErrors = {}
  for (const entry of error.details) {
    const detail = ErrorDetailSchema.safeParse(entry)
    if (detail.success) errors[detail.data.field.replace(/^body\./, '')] ??= detail.data.message
  }
  return Object.keys(errors).length > 0 ? errors : null
}
