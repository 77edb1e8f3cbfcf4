import { CouponInputSchema, type Coupon, type CouponInput } from '@tavlin/contracts'

/** The form's fields as typed (strings for numbers and dates, '' for "none"). */
export type CouponDraft = {
  code: string
  kind: 'percent' | 'fixed'
  value: string
  minimumOrder: string
  startsOn: string
  endsOn: string
  usageLimit: string
  onePerCustomer: boolean
  freeShipping: boolean
  categories: string[]
  active: boolean
}

export const EMPTY_DRAFT: CouponDraft = {
  code: '',
  kind: 'percent',
  value: '',
  minimumOrder: '',
  startsOn: '',
  endsOn: '',
  usageLimit: '',
  onePerCustomer: false,
  freeShipping: false,
  categories: [],
  active: true,
}

const text = (value: number | string | null) => (value === null ? '' : String(value))

export function draftOf(coupon: Coupon): CouponDraft {
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: text(coupon.value),
    minimumOrder: text(coupon.minimumOrder),
    startsOn: text(coupon.startsOn),
    endsOn: text(coupon.endsOn),
    usageLimit: text(coupon.usageLimit),
    onePerCustomer: coupon.onePerCustomer,
    freeShipping: coupon.freeShipping,
    categories: coupon.categories,
    active: coupon.active,
  }
}

/** A coupon as saved, switched on or off: what the list's switch sends. */
export function inputOf(coupon: Coupon, active: boolean): CouponInput {
  const { code, kind, value, minimumOrder, startsOn, endsOn, usageLimit } = coupon
  const { onePerCustomer, freeShipping } = coupon
  return {
    code,
    kind,
    value,
    minimumOrder,
    startsOn,
    endsOn,
    usageLimit,
    onePerCustomer,
    freeShipping,
    categories: coupon.categories as CouponInput['categories'],
    active,
  }
}

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value))

/** The draft checked by the same schema as the server: the input, or the first message per field. */
export function parseDraft(
  draft: CouponDraft,
): { input: CouponInput; errors: null } | { input: null; errors: Record<string, string> } {
  const parsed = CouponInputSchema.safeParse({
    ...draft,
    value: numberOrNull(draft.value) ?? Number.NaN,
    minimumOrder: numberOrNull(draft.minimumOrder),
    startsOn: draft.startsOn || null,
    endsOn: draft.endsOn || null,
    usageLimit: numberOrNull(draft.usageLimit),
  })
  if (parsed.success) return { input: parsed.data, errors: null }
  const errors: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'code')
    errors[field] ??= issue.message
  }
  return { input: null, errors }
}
