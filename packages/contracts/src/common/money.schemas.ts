import { z } from 'zod'

export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
}

/** A positive shekel amount with at most two decimals. */
export function shekelAmount(message: string) {
  return z
    .number({ error: message })
    .positive({ error: message })
    .refine(hasAtMostTwoDecimals, { error: 'validation.tooManyDecimals' })
}
