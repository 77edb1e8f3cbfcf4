import type { Paged } from '@tavlin/contracts'

/**
 * Light, hand-written response checks for the storefront's catalogue reads, so the
 * first load of the shop does not carry zod (~38 KB gzip with the contract schemas,
 * decision 007). Forms and the admin area keep the zod schemas of contracts; the server
 * serialises every response through those same schemas, so these checks only have to
 * catch a response of the wrong kind, with the messages of spec §8.
 *
 * A shape fits the api client like a zod schema does (`safeParse`).
 */

/** Spec §8's thrown shape errors. */
export const SHAPE_MESSAGES = {
  array: 'Expected array response',
  paged: 'Expected {items, currentPage, totalPages} format',
  entity: 'Invalid response format',
} as const

export type ShapeIssue = { path: string; expected: string }

export class ShapeMismatch extends Error {
  override readonly name = 'ShapeMismatch'
  readonly issues: ShapeIssue[]

  constructor(message: string, issue: ShapeIssue) {
    super(message)
    this.issues = [issue]
  }
}

export type ShapeResult<T> = { success: true; data: T } | { success: false; error: ShapeMismatch }

/** A whole response body's check, as the api client takes it. */
export type Shape<T> = { safeParse(value: unknown): ShapeResult<T> }

/**
 * Checks one value and returns it typed, or throws a ShapeMismatch naming the path.
 * The return type ties a check to the contract type: `object<Product>` must list every
 * field of Product with a check of that field's type, or the typecheck fails.
 */
export type Check<T> = (value: unknown, path: string) => T

type Field = string | number

function fail(message: string, path: string, expected: string): never {
  throw new ShapeMismatch(message, { path, expected })
}

const at = (path: string, key: Field) => (path ? `${path}.${key}` : String(key))

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function primitive<T>(expected: string, test: (value: unknown) => boolean): Check<T> {
  return (value, path) => (test(value) ? (value as T) : fail(SHAPE_MESSAGES.entity, path, expected))
}

export const string: Check<string> = primitive('string', (value) => typeof value === 'string')
export const number: Check<number> = primitive('number', (value) => Number.isFinite(value))
export const boolean: Check<boolean> = primitive('boolean', (value) => typeof value === 'boolean')

export function oneOf<const T extends string>(values: readonly T[]): Check<T> {
  return primitive(values.join('|'), (value) => values.includes(value as T))
}

export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value, path) => (value === undefined ? undefined : check(value, path))
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value, path) => (value === null ? null : check(value, path))
}

export function array<T>(item: Check<T>): Check<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) fail(SHAPE_MESSAGES.entity, path, 'array')
    value.forEach((entry, index) => item(entry, at(path, index)))
    return value as T[]
  }
}

export function object<T>(fields: { [K in keyof T]-?: Check<T[K]> }): Check<T> {
  const entries = Object.entries(fields) as Array<[string, Check<unknown>]>
  return (value, path) => {
    if (!isRecord(value)) fail(SHAPE_MESSAGES.entity, path, 'object')
    for (const [key, check] of entries) check(value[key], at(path, key))
    return value as T
  }
}

function shape<T>(check: Check<T>): Shape<T> {
  return {
    safeParse(value) {
      try {
        return { success: true, data: check(value, '') }
      } catch (error) {
        if (error instanceof ShapeMismatch) return { success: false, error }
        throw error
      }
    },
  }
}

/** One entity (a product, a recipe…): 'Invalid response format' when it does not fit. */
export function entityShape<T>(check: Check<T>): Shape<T> {
  return shape(check)
}

/** A bare list: 'Expected array response' when it is not one. */
export function arrayShape<T>(item: Check<T>): Shape<T[]> {
  return shape((value, path) => {
    if (!Array.isArray(value)) fail(SHAPE_MESSAGES.array, path, 'array')
    return array(item)(value, path)
  })
}

/** A paged list (DESIGN §4): 'Expected {items, currentPage, totalPages} format' when it is not one. */
export function pagedShape<T>(item: Check<T>): Shape<Paged<T>> {
  return shape((value, path) => {
    const isPaged =
      isRecord(value) &&
      Array.isArray(value.items) &&
      Number.isFinite(value.currentPage) &&
      Number.isFinite(value.totalPages) &&
      Number.isFinite(value.totalItems)
    if (!isPaged) fail(SHAPE_MESSAGES.paged, path, '{items, currentPage, totalPages, totalItems}')
    array(item)(value.items, 'items')
    return value as Paged<T>
  })
}
